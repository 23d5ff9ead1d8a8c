-- set_attempt_summary_from_result: writes the setting attempt_summary_from_result. When it is on, a
-- complete or fail without a summary stores the compact JSON of its result as the attempt's
-- summary, which every later claimer and the notification sinks then see; off (the default), it
-- stores none. serve and start call it with SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT when that
-- variable is set; unset, they leave the setting alone, so a DBA's choice survives a restart.
-- Returns {attempt_summary_from_result}. Errors: invalid (enabled null).
--
-- enabled: true to store results as summaries.
--
-- Example: select switchboard.set_attempt_summary_from_result(enabled => false);
create or replace function switchboard.set_attempt_summary_from_result(enabled boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
begin
  if enabled is null then
    perform switchboard_internal.raise('invalid', 'enabled must be true or false', null);
  end if;
  insert into switchboard.settings (key, value) values ('attempt_summary_from_result', enabled::text)
  on conflict (key) do update set value = excluded.value
  where switchboard.settings.value is distinct from excluded.value;
  return jsonb_build_object('attempt_summary_from_result', enabled);
end;
$$;
