-- reap (worker): switchboard.reap, for the background worker's own role (switchboard_worker), which
-- sweeps and delivers for every tenant but holds none of the admin API.
create or replace function switchboard_worker.reap(batch_limit integer default null)
returns integer
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.reap(batch_limit);
$$;
comment on function switchboard_worker.reap(integer) is
$$reap(batch_limit) -> closed. The reaper sweep: lapsed leases closed reaped/requeued or reaped/dead_lettered, in one batch. As switchboard.reap.$$;
