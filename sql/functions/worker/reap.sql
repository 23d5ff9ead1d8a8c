-- reap (worker): switchboard.reap, for the worker's own role (switchboard_worker). That role sweeps
-- and delivers for every tenant but holds none of the admin API. Returns what switchboard.reap
-- returns. Errors: those of switchboard.reap.
create or replace function switchboard_worker.reap(batch_limit integer default null)
returns integer
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.reap(batch_limit);
$$;
