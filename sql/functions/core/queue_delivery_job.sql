-- queue_delivery_job: queues the graphile_worker job of one delivery, or owes it while the
-- notification queue is full. The job carries only the deliveries row's id: switchboard_dead_letter
-- for a dead letter's notice, switchboard_doorbell_webhook for a doorbell (job_key per delivery, so
-- rings that come before it runs are delivered as one POST), each with notify_max_attempts (12)
-- attempts. graphile_worker.add_job NOTIFYs on every call, and a NOTIFY into a full notification
-- queue fails the caller's transaction: without room (notify_room) the row is marked owed
-- (job_owed_since, kept from the first time) and no job is queued; queue_owed_jobs queues it later.
-- With room, queues the job and clears the mark when the caller says the row is owed (owed; a new
-- row never is). Returns whether the job was queued. The caller holds the row (it wrote or locked
-- it).
create or replace function switchboard_internal.queue_delivery_job(delivery_id uuid, kind text, owed boolean default false)
returns boolean
language plpgsql
volatile
as $$
#variable_conflict use_variable
begin
  if not switchboard_internal.notify_room() then
    update switchboard.deliveries d set job_owed_since = coalesce(d.job_owed_since, now()) where d.id = delivery_id;
    return false;
  end if;
  if kind = 'doorbell' then
    perform graphile_worker.add_job('switchboard_doorbell_webhook', json_build_object('delivery_id', delivery_id),
              job_key => 'switchboard_doorbell:' || delivery_id::text,
              max_attempts => switchboard_internal.setting_int('notify_max_attempts', 12, 1, 100));
  else
    perform graphile_worker.add_job('switchboard_dead_letter', json_build_object('delivery_id', delivery_id),
              max_attempts => switchboard_internal.setting_int('notify_max_attempts', 12, 1, 100));
  end if;
  if owed then
    update switchboard.deliveries d set job_owed_since = null where d.id = delivery_id;
  end if;
  return true;
end;
$$;
