-- metrics (worker): switchboard.metrics, for the worker's own role (switchboard_worker). That role
-- sweeps and delivers for every tenant but holds none of the admin API. Returns what
-- switchboard.metrics returns. Errors: those of switchboard.metrics.
create or replace function switchboard_worker.metrics()
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.metrics();
$$;
