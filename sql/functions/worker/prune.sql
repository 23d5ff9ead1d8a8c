-- prune (worker): switchboard.prune, for the background worker's own role (switchboard_worker), which
-- sweeps and delivers for every tenant but holds none of the admin API.
create or replace function switchboard_worker.prune(max_age interval default null, max_rows bigint default null, batch_limit integer default null)
returns integer
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.prune(max_age, max_rows, batch_limit);
$$;
comment on function switchboard_worker.prune(interval, bigint, integer) is
$$prune(max_age, max_rows, batch_limit) -> deleted. Retention of terminal todos (their attempts cascade), in one batch. As switchboard.prune.$$;
