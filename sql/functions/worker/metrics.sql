-- metrics (worker): switchboard.metrics, for the background worker's own role (switchboard_worker), which
-- sweeps and delivers for every tenant but holds none of the admin API.
create or replace function switchboard_worker.metrics()
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.metrics();
$$;
comment on function switchboard_worker.metrics() is
$$metrics() -> counters and gauges for /metrics (aggregates only: no tenant text). As switchboard.metrics.$$;
