-- set_attempt_summary_from_result: the operator's switch SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT, written
--   into the setting attempt_summary_from_result when a server starts with the variable set (unset, the
--   server leaves the setting alone, so a DBA's choice survives a restart). On, a complete or fail without a
--   summary stores the compact JSON of its result as the attempt's summary, which every later claimer and
--   the notification sinks then see; off (the default) stores null. Returns {attempt_summary_from_result}.
--   Errors: invalid (enabled null).
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
comment on function switchboard.set_attempt_summary_from_result(boolean) is
$$set_attempt_summary_from_result(enabled) -> {attempt_summary_from_result}. Writes the setting; serve and start call it with the
operator's env switch SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT only when that variable is set (unset: the setting is left alone). On: a complete/fail without a summary stores its result's compact JSON as
the summary, replayed to later claimers and notification sinks. Off by default. Errors: invalid (null).$$;
