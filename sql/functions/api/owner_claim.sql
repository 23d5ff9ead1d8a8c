-- owner_claim: the Board's Claim: the owning human takes a todo to work by hand. pending (ready) |
-- failed (retry due) | claimed (lease lapsed, below its cap) -> claimed, held by owner:<handle>;
-- opens an unfenced attempt with claimer_kind owner. A lapsed lease taken over is closed
-- lease_expired/requeued first. Locks the todo row. Returns the claim document. Errors: not_found
-- (unknown or another owner's todo, identically), invalid (lease_seconds), conflict (held under a
-- live lease, not yet due, done, canceled, a dead letter, or lapsed on its last attempt), throttled
-- (over the endpoint's claim budget, or its queue is paused or at a limit).
--
-- claimant: a label for this attempt; null: owner:<handle>.
--
-- Example: select switchboard.owner_claim(owner_id => '<owner_id>', todo_id => '<todo_id>',
--   lease_seconds => 3600);
create or replace function switchboard.owner_claim(
  owner_id uuid,
  todo_id uuid,
  claimant text default null,
  lease_seconds integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_lease integer := switchboard_internal.lease_seconds(lease_seconds);
  v_t switchboard.todos := switchboard_internal.owned_todo(owner_id, todo_id);
  v_who text;
begin
  if v_t.state = 'claimed' then
    if v_t.lease_expires_at > now() then
      perform switchboard_internal.raise('conflict', format('todo %s is held by %s under a live lease', todo_id, v_t.owner),
        'Wait for the lease to lapse, or Cancel the todo.');
    elsif v_t.attempt >= v_t.max_attempts then
      -- Not dead-lettered here: an error rolls back everything this call did (see claim).
      perform switchboard_internal.raise('conflict', format('todo %s lapsed on its last attempt and is being dead-lettered', todo_id),
        'The reaper (or the next claim_next of its queue) makes it a dead letter; then use Retry now and Claim.');
    end if;
  elsif v_t.ready_at is null then
    perform switchboard_internal.raise('conflict',
      format('todo %s is %s and cannot be claimed', todo_id,
             case when v_t.state = 'failed' then 'a dead letter' else v_t.state end),
      case when v_t.state = 'failed' then 'Use Retry now first, then Claim.' else 'Only pending and due failed todos can be claimed.' end);
  elsif v_t.ready_at > now() then
    perform switchboard_internal.raise('conflict',
      format('todo %s is not claimable until %s', todo_id, switchboard_internal.ts(v_t.ready_at)),
      'Use Retry now to make a failed todo claimable at once.');
  end if;
  -- Queue controls hold back an owner's claim too: a paused queue, or one at its limit, answers throttled.
  -- A control found on the name is matched to the queue's holder before the controlled path, so a control another
  -- owner set on a queue of the same name costs this claim one probe more.
  if exists (select 1 from switchboard.queue_controls c where c.queue = v_t.queue) then
    if switchboard_internal.holder_controls(v_t.queue, v_t.team_id, v_t.endpoint_id) then
      perform switchboard_internal.queue_throttled(switchboard_internal.admit_queue(v_t.id, false), v_t.queue);
    end if;
  end if;
  select 'owner:' || o.handle into v_who from switchboard.owners o where o.id = owner_id;
  return switchboard_internal.open_attempt(v_t.id, v_t.endpoint_id, v_t.queue, v_t.head_claimer_kind is not null,
                                           v_t.state = 'claimed', 'owner', null, owner_id, v_who, coalesce(claimant, v_who),
                                           false, v_lease, null);
end;
$$;
