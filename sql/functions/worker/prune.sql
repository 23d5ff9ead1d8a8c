-- prune (worker): switchboard.prune, for the worker's own role (switchboard_worker). That role
-- sweeps and delivers for every tenant but holds none of the admin API. Returns what
-- switchboard.prune returns. Errors: those of switchboard.prune.
create or replace function switchboard_worker.prune(max_age interval default null, max_rows bigint default null, batch_limit integer default null)
returns integer
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.prune(max_age, max_rows, batch_limit);
$$;
