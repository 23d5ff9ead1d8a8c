-- setting_int: a whole-number setting read now, or its fallback when missing, malformed or out of
-- range. The range is min_value..max_value.
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
