--! Previous: sha1:c91e7d21209153cbd51f7142ae0c72249bffa058
--! Hash: sha1:1c62e808420b40cca0812f60c138ffd28926cb78
--! Message: A webhook job is owed, not queued, while the notification queue is too full: graphile-worker's add_job always NOTIFYs, so a full queue failed the transition

-- A transition that queues a webhook job (a dead letter's notice, a doorbell webhook) calls graphile_worker.add_job,
-- which NOTIFYs jobs:insert unconditionally; a NOTIFY into a full notification queue fails the transaction that sends
-- it, and any login that may connect can fill the queue (LISTEN, then sit in an open transaction). While the queue is
-- too full (notify_queue_max_percent), the transition writes its delivery row and owes the job instead; the worker's
-- sweep (queue_owed_jobs) queues it once the queue has room. The row is the durable record, the job only carries it.
alter table switchboard.deliveries add column job_owed_since timestamptz;
comment on column switchboard.deliveries.job_owed_since is 'Since when this delivery waits for its graphile_worker job: set when the transition that made or rang it found the notification queue too full to queue one (notify_queue_max_percent); null once queued. The worker''s sweep (queue_owed_jobs) queues the owed jobs, oldest first.';
create index deliveries_job_owed_idx on switchboard.deliveries (job_owed_since) where job_owed_since is not null;
