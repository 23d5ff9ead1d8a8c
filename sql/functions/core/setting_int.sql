-- setting_int: a whole-number setting read now, falling back to its default when missing or malformed.
create or replace function switchboard_internal.setting_int(setting_key text, fallback integer, min_value integer, max_value integer)
returns integer
language plpgsql
stable
as $$
begin
  return switchboard_internal.int_of((select s.value from switchboard.settings s where s.key = setting_key),
                                     fallback, min_value, max_value);
end;
$$;
comment on function switchboard_internal.setting_int(text, integer, integer, integer) is
  'Internal. Reads an integer setting; a missing, malformed or out-of-range value yields the fallback.';
