-- setting_int: a whole-number setting read now, falling back to its default when missing or malformed.
create or replace function switchboard_internal.setting_int(setting_key text, fallback integer, min_value integer, max_value integer)
returns integer
language plpgsql
stable
as $$
declare
  v_text text;
  v_int bigint;
begin
  select s.value into v_text from switchboard.settings s where s.key = setting_key;
  if v_text is null or v_text !~ '^\s*-?[0-9]{1,12}\s*$' then
    return fallback;
  end if;
  v_int := trim(v_text)::bigint;
  if v_int < min_value or v_int > max_value then
    return fallback;
  end if;
  return v_int::integer;
end;
$$;
comment on function switchboard_internal.setting_int(text, integer, integer, integer) is
  'Internal. Reads an integer setting; a missing, malformed or out-of-range value yields the fallback.';
