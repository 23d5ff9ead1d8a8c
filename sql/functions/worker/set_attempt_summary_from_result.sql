-- set_attempt_summary_from_result (worker): switchboard.set_attempt_summary_from_result, for the background worker's own role (switchboard_worker), which
-- sweeps and delivers for every tenant but holds none of the admin API.
create or replace function switchboard_worker.set_attempt_summary_from_result(enabled boolean)
returns jsonb
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.set_attempt_summary_from_result(enabled);
$$;
comment on function switchboard_worker.set_attempt_summary_from_result(boolean) is
$$set_attempt_summary_from_result(enabled) -> the setting. serve's SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT, written into settings when it is set. As switchboard.set_attempt_summary_from_result.$$;
