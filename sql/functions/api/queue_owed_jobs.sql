-- queue_owed_jobs: the worker's sweep of webhook jobs owed while the notification queue was full:
-- queues them. A transition that makes or rings a webhook delivery (a dead letter's notice, a
-- doorbell) while PostgreSQL's notification queue is at least notify_queue_max_percent full writes
-- the delivery row and owes its graphile_worker job (deliveries.job_owed_since), since queuing one
-- NOTIFYs and a NOTIFY into a full queue would fail the transition. This sweep queues the owed
-- jobs, oldest first, at most batch_limit (default 1000) with FOR UPDATE SKIP LOCKED, and clears
-- their marks; while the queue is still too full it queues nothing. Returns the number queued.
-- Errors: invalid (batch_limit below 1).
--
-- Example: select switchboard.queue_owed_jobs(batch_limit => 1000);
create or replace function switchboard.queue_owed_jobs(batch_limit integer default null)
returns integer
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_count integer := 0;
  v_delivery record;
begin
  if batch_limit is not null and batch_limit < 1 then
    perform switchboard_internal.raise('invalid', 'batch_limit must be at least 1', null);
  end if;
  if not switchboard_internal.notify_room() then
    return 0;
  end if;
  for v_delivery in
    select d.id, d.kind from switchboard.deliveries d
     where d.job_owed_since is not null
     order by d.job_owed_since
     limit coalesce(batch_limit, 1000)
     for update skip locked
  loop
    if switchboard_internal.queue_delivery_job(v_delivery.id, v_delivery.kind, true) then
      v_count := v_count + 1;
    end if;
  end loop;
  return v_count;
end;
$$;
