-- queue_doorbell_webhook: an endpoint with a doorbell_url has a todo of this queue claimable now.
-- In the caller's transaction, makes sure a delivery is queued: the endpoint's pending doorbell
-- delivery of this queue (a switchboard.deliveries row) counts one more ring, or one is made, and
-- its job (graphile_worker, job_key per delivery, so a burst of rings is delivered as one POST)
-- carries only the row's id (queue_delivery_job: owed, not queued, while the notification queue is
-- too full). A ring that arrives while the worker delivers keeps the row (delivered() removes it
-- only when no ring came since it was read), so it is delivered again. Locks the delivery row until
-- the caller commits: concurrent rings of one queue take their turn on it.
create or replace function switchboard_internal.queue_doorbell_webhook(endpoint_id uuid, queue text)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_column
declare
  v_delivery uuid;
  v_owed boolean;
begin
  -- The conflict target names the columns (use_column); the values are this function's parameters.
  insert into switchboard.deliveries as d (kind, endpoint_id, queue)
  values ('doorbell', queue_doorbell_webhook.endpoint_id, queue_doorbell_webhook.queue)
  on conflict (endpoint_id, queue) where kind = 'doorbell' do update set rings = d.rings + 1
  returning d.id, d.job_owed_since is not null into v_delivery, v_owed;
  perform switchboard_internal.queue_delivery_job(v_delivery, 'doorbell', v_owed);
end;
$$;
