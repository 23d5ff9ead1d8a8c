-- requeue_due_retries (worker): switchboard.requeue_due_retries, for the background worker's own role (switchboard_worker), which
-- sweeps and delivers for every tenant but holds none of the admin API.
create or replace function switchboard_worker.requeue_due_retries(batch_limit integer default null)
returns integer
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.requeue_due_retries(batch_limit);
$$;
comment on function switchboard_worker.requeue_due_retries(integer) is
$$requeue_due_retries(batch_limit) -> requeued. Failed todos whose retry is due, back to pending, in one batch. As switchboard.requeue_due_retries.$$;
