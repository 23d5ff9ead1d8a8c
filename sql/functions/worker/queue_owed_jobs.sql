-- queue_owed_jobs (worker): switchboard.queue_owed_jobs, for the worker's own role
-- (switchboard_worker). That role sweeps and delivers for every tenant but holds none of the admin
-- API. Returns what switchboard.queue_owed_jobs returns. Errors: those of
-- switchboard.queue_owed_jobs.
create or replace function switchboard_worker.queue_owed_jobs(batch_limit integer default null)
returns integer
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.queue_owed_jobs(batch_limit);
$$;
