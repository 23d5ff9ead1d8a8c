-- claim: claims one named todo and opens an attempt on it. pending (ready) | failed (retry due) |
-- claimed (lease lapsed, below its cap) -> claimed; a lapsed lease taken over is closed
-- lease_expired/requeued first. Locks the todo row (waits for a concurrent transition on it).
-- Returns the claim document: the todo with payload, routing, attempt_seq, attempts_total,
-- prior_attempts (the five newest closed attempts, newest first), the untrusted-data notice, and
-- lease_token (shown once) when fenced. Errors: forbidden, not_found (unknown or another tenant's
-- id, identically), invalid (lease_seconds), conflict (held under a live lease, not yet due, done,
-- canceled, a dead letter, or its last attempt lapsed and awaits the reaper's dead letter),
-- throttled (over the endpoint's claim budget, or its queue is paused or at a limit:
-- set_queue_limits).
--
-- Example: select switchboard.claim(endpoint_id => '<endpoint_id>', todo_id => '<todo_id>',
--   claimant => 'run-1');
create or replace function switchboard.claim(
  endpoint_id uuid,
  todo_id uuid,
  claimant text default null,
  require_fence boolean default false,
  lease_seconds integer default null,
  mcp_session_id text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_agent text := switchboard_internal.agent(endpoint_id, 'claim');
  v_lease integer := switchboard_internal.lease_seconds(lease_seconds);
  v_t switchboard.todos;
begin
  select x.* into v_t from switchboard.todos x, switchboard.endpoints e
   where x.id = todo_id and e.id = endpoint_id and switchboard_internal.agent_reaches(x.scope_id, e.id, e.team_id)
   for update of x;
  if not found then
    perform switchboard_internal.not_found(todo_id);
  end if;
  if v_t.state = 'claimed' then
    if v_t.lease_expires_at > now() then
      perform switchboard_internal.raise('conflict', format('todo %s is claimed and its lease is live', todo_id),
        'Another worker holds it; use claim_next to take other work, or wait for the lease to lapse.');
    elsif v_t.attempt >= v_t.max_attempts then
      -- Not dead-lettered here: an error rolls back everything this call did, and a claim that answered conflict
      -- yet had changed the todo would break "an error changes nothing". claim_next and the reaper settle it.
      perform switchboard_internal.raise('conflict', format('todo %s lapsed on its last attempt and is being dead-lettered', todo_id),
        'Nothing can claim it now: the next claim_next of its queue or the reaper makes it a dead letter; its owner can then Retry it on the Board.');
    end if;
  elsif v_t.ready_at is null then
    perform switchboard_internal.raise('conflict',
      format('todo %s is %s and cannot be claimed', todo_id,
             case when v_t.state = 'failed' then 'a dead letter' else v_t.state end),
      'Only pending todos and failed todos whose retry is due can be claimed.');
  elsif v_t.ready_at > now() then
    perform switchboard_internal.raise('conflict',
      format('todo %s is not claimable until %s', todo_id, switchboard_internal.ts(v_t.ready_at)),
      'Claim it after that time, or use claim_next to take work that is ready now.');
  end if;
  -- Queue controls: a paused queue, or one at its max_claimed or claims_per_minute, answers throttled with when to retry.
  -- A control found on the name is matched to the queue's holder before the controlled path, so a control another
  -- owner set on a queue of the same name costs this claim one probe more.
  if exists (select 1 from switchboard.queue_controls c where c.queue = v_t.queue) then
    if switchboard_internal.holder_controls(v_t.queue, v_t.team_id, v_t.endpoint_id) then
      perform switchboard_internal.queue_throttled(switchboard_internal.admit_queue(v_t.id, false), v_t.queue);
    end if;
  end if;
  -- The claim budget charged is the claimer's (endpoint_id): on a team todo the adder is someone else.
  return switchboard_internal.open_attempt(v_t.id, endpoint_id, v_t.queue, v_t.head_claimer_kind is not null,
                                           v_t.state = 'claimed', 'endpoint', endpoint_id, null, 'agent:' || v_agent,
                                           claimant, require_fence, v_lease, mcp_session_id);
end;
$$;
