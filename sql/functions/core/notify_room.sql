-- notify_room: whether the notification queue has room for Switchboard's NOTIFYs. True while
-- PostgreSQL's notification queue is less than notify_queue_max_percent (50) full. A NOTIFY into a
-- full queue fails the transaction that sends it, and any login that may connect can fill the queue
-- (LISTEN, then sit in an open transaction, and NOTIFY). notify sends nothing without room; a
-- transition that would queue a webhook job (graphile_worker.add_job always NOTIFYs) owes it
-- instead (deliveries.job_owed_since), and queue_owed_jobs queues it once there is room. Below a
-- hundredth full, the common case, the setting is not read.
create or replace function switchboard_internal.notify_room()
returns boolean
language sql
volatile
as $$
  select pg_notification_queue_usage() < 0.01
      or pg_notification_queue_usage() * 100
         < switchboard_internal.int_of((select s.value from switchboard.settings s where s.key = 'notify_queue_max_percent'),
                                       50, 1, 100);
$$;
