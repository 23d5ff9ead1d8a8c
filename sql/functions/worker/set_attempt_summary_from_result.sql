-- set_attempt_summary_from_result (worker): switchboard.set_attempt_summary_from_result, for the
-- worker's own role (switchboard_worker). That role sweeps and delivers for every tenant but holds
-- none of the admin API. Returns what switchboard.set_attempt_summary_from_result returns. Errors:
-- those of switchboard.set_attempt_summary_from_result.
create or replace function switchboard_worker.set_attempt_summary_from_result(enabled boolean)
returns jsonb
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.set_attempt_summary_from_result(enabled);
$$;
