-- setting_bool: a true/false setting read now; anything but a recognised true means false. true,
-- on, yes or 1, in any case and trimmed, is true.
create or replace function switchboard_internal.setting_bool(setting_key text)
returns boolean
language plpgsql
stable
as $$
-- PL/pgSQL, not LANGUAGE sql: a sql body with a subquery is planned again on every call from a PL/pgSQL
-- expression (report_summary's switch is one).
declare
  v text;
begin
  select s.value into v from switchboard.settings s where s.key = setting_key;
  return switchboard_internal.setting_on(v);
end;
$$;
