-- ring: a todo of this endpoint and queue became claimable now: rings the doorbell and queues the
-- webhook. In the caller's transaction. Called by the insert trigger (add_todo: on_todo_claimable)
-- and by every transition that makes a todo claimable again (release, owner_release, reap below the
-- cap, requeue_due_retries, retry_now) in its own statement, not by an update trigger on todos,
-- whose WHEN clause every UPDATE of todos (each claim and each complete) would compile.
--
-- * The doorbell: pg_notify on channel switchboard_doorbell with payload
--   {"queue": "<queue>", "endpoint": "<endpoint id>"}. The queue name and the endpoint id only
--   (queue names are per endpoint, so the server wakes only that tenant's waiters), never a todo id
--   or user text; Postgres folds identical notifications of one transaction into one, so a reap of
--   a thousand todos of one queue rings once per endpoint.
-- * When the endpoint has a doorbell_url, its webhook delivery (graphile_worker.add_job), one job
--   per endpoint and queue (job_key), so a burst of adds is delivered as one POST.
create or replace function switchboard_internal.ring(endpoint_id uuid, queue text)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_url text;
begin
  perform pg_notify('switchboard_doorbell', jsonb_build_object('queue', queue, 'endpoint', endpoint_id)::text);
  select e.doorbell_url into v_url from switchboard.endpoints e where e.id = endpoint_id;
  if v_url is not null then
    perform graphile_worker.add_job('switchboard_doorbell_webhook',
              json_build_object('endpoint_id', endpoint_id, 'queue', queue),
              job_key => 'switchboard_doorbell:' || endpoint_id::text || ':' || queue,
              max_attempts => switchboard_internal.setting_int('notify_max_attempts', 12, 1, 100));
  end if;
end;
$$;
