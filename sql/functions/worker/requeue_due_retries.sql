-- requeue_due_retries (worker): switchboard.requeue_due_retries, for the worker's own role
-- (switchboard_worker). That role sweeps and delivers for every tenant but holds none of the admin
-- API. Returns what switchboard.requeue_due_retries returns. Errors: those of
-- switchboard.requeue_due_retries.
create or replace function switchboard_worker.requeue_due_retries(batch_limit integer default null)
returns integer
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.requeue_due_retries(batch_limit);
$$;
