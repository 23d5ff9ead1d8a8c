-- ring: a todo of this endpoint and queue became claimable now: rings the doorbell and queues the
-- webhook. In the caller's transaction, unless the endpoint is clocked out (then nothing rings, and
-- the skip is counted in doorbell_skips for metrics). Called by the insert trigger (add_todo:
-- on_todo_claimable) and by every transition that makes a todo claimable again (release,
-- owner_release, reap below the cap, requeue_due_retries, retry_now) in its own statement, not by
-- an update trigger on todos, whose WHEN clause every UPDATE of todos (each claim and each
-- complete) would compile.
--
-- * The doorbell: a signal on channel switchboard_doorbell (signal) naming the endpoint and the
--   queue by their opaque tags: no id, no queue name, no user text, and authenticated, so the
--   server wakes only that endpoint's waiters on that queue (or on all its queues) and ignores any
--   ring another login of the database makes up or replays. Postgres folds identical notifications
--   of one transaction into one, so a reap of a thousand todos of one queue rings once per endpoint
--   and queue.
-- * When the endpoint has a doorbell_url, its webhook delivery (queue_doorbell_webhook), one per
--   endpoint and queue at a time, so a burst of adds is delivered as one POST.
create or replace function switchboard_internal.ring(endpoint_id uuid, queue text)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_url text;
  v_in boolean;
begin
  select e.doorbell_url, e.clocked_in into v_url, v_in from switchboard.endpoints e where e.id = endpoint_id;
  if not v_in then
    perform switchboard_internal.count_doorbell_skips(1);
    return;
  end if;
  perform switchboard_internal.signal('switchboard_doorbell',
            array['endpoint:' || endpoint_id::text, 'queue:' || endpoint_id::text || ':' || queue]);
  if v_url is not null then
    perform switchboard_internal.queue_doorbell_webhook(endpoint_id, queue);
  end if;
end;
$$;
