-- setting_bool: a true/false setting read now; anything but a recognised true means false.
create or replace function switchboard_internal.setting_bool(setting_key text)
returns boolean
language plpgsql
stable
as $$
-- PL/pgSQL, not LANGUAGE sql: the sql body with a subquery was planned again on every call from a PL/pgSQL
-- expression (the closing summary's switch, now _report_summary: ~75 µs of a complete's ~600 µs CPU).
declare
  v text;
begin
  select s.value into v from switchboard.settings s where s.key = setting_key;
  return coalesce(lower(trim(v)) in ('true', 'on', 'yes', '1'), false);
end;
$$;
comment on function switchboard_internal.setting_bool(text) is 'Internal. A boolean setting; missing or unrecognised values are false.';
