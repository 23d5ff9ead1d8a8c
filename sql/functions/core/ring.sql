-- ring: a todo of this endpoint and queue became claimable now. In the caller's transaction:
--   * rings the doorbell: pg_notify('switchboard_doorbell', '{"queue": "<queue>", "endpoint": "<endpoint id>"}').
--     The queue name and the endpoint id only (queue names are per endpoint, so the server wakes only that
--     tenant's waiters), never a todo id or user text; Postgres folds identical notifications of one
--     transaction into one, so a reap of a thousand todos of one queue rings once per endpoint;
--   * when the endpoint has a doorbell_url, queues its webhook delivery (queue_doorbell_webhook), one per endpoint and
--     queue at a time, so a burst of adds is delivered as one POST.
-- Called by the insert trigger (add_todo: on_todo_claimable) and by every transition that makes a todo claimable
-- again (release, owner_release, reap below the cap, requeue_due_retries, retry_now) in its own statement: a
-- row trigger on todos' updates had its WHEN clause re-read and compiled by every UPDATE of todos (each claim and
-- each complete), ~2.5 % of a cycle's backend CPU (bench/ab.ts, issue 14).
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
    perform switchboard_internal.queue_doorbell_webhook(endpoint_id, queue);
  end if;
end;
$$;
comment on function switchboard_internal.ring(uuid, text) is
$$Internal. A todo of the endpoint's queue became claimable now: pg_notify on switchboard_doorbell with {"queue", "endpoint"}, and the
endpoint's webhook doorbell job (one per endpoint and queue) when it has a doorbell_url.$$;
