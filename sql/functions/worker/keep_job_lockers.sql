-- keep_job_lockers (worker): switchboard.keep_job_lockers, for the worker's own role
-- (switchboard_worker). That role sweeps and delivers for every tenant but holds none of the admin
-- API. Returns what switchboard.keep_job_lockers returns. Errors: those of
-- switchboard.keep_job_lockers.
create or replace function switchboard_worker.keep_job_lockers(locker_ids text[], unlock_after_seconds integer default 0)
returns integer
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.keep_job_lockers(locker_ids, unlock_after_seconds);
$$;
