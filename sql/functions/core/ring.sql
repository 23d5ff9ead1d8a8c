-- ring: a todo of this scope and queue became claimable now: rings its doorbells. Rings the
-- doorbell and queues the webhook of the endpoint, or of each endpoint of the team that may claim
-- it (live, vended claim_next). In the caller's transaction, for each endpoint unless it is clocked
-- out (then nothing rings for it, and the skip is counted in doorbell_skips for metrics). Called by
-- the insert trigger (add_todo: on_todo_claimable) and by every transition that makes a todo
-- claimable again (release, owner_release, reap below the cap, requeue_due_retries, retry_now) in
-- its own statement, not by an update trigger on todos, whose WHEN clause every UPDATE of todos
-- (each claim and each complete) would compile.
--
-- * The doorbell: a signal on channel switchboard_doorbell (signal) naming the endpoint and the
--   queue by their opaque tags: no id, no queue name, no user text, and authenticated, so the
--   server wakes only that endpoint's waiters on that queue (or on all its queues) and ignores any
--   ring another login of the database makes up or replays. Postgres folds identical notifications
--   of one transaction into one, so a reap of a thousand todos of one queue rings once per endpoint
--   and queue.
-- * When the endpoint has a doorbell_url, its webhook delivery (queue_doorbell_webhook), one per
--   endpoint and queue at a time, so a burst of adds is delivered as one POST.
create or replace function switchboard_internal.ring(scope_id uuid, queue text)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_e record;
  v_found boolean := false;
begin
  -- A personal scope is its endpoint (one primary-key read, as before teams); a team scope rings each endpoint of the
  -- team that can claim, each by its own tags, so the server's waiters stay keyed by endpoint.
  for v_e in
    select e.id, e.doorbell_url, e.clocked_in from switchboard.endpoints e where e.id = scope_id
  loop
    v_found := true;
    perform switchboard_internal.ring_endpoint(v_e.id, v_e.doorbell_url, v_e.clocked_in, queue);
  end loop;
  if v_found then
    return;
  end if;
  for v_e in
    select e.id, e.doorbell_url, e.clocked_in from switchboard.endpoints e
     where e.team_id = scope_id and e.revoked_at is null and switchboard_internal.verb_held(e.verbs, 'claim_next')
     order by e.id
  loop
    perform switchboard_internal.ring_endpoint(v_e.id, v_e.doorbell_url, v_e.clocked_in, queue);
  end loop;
end;
$$;
