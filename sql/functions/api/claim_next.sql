-- claim_next: claims the best claimable todo of the endpoint's scopes, in one queue or in all. A
-- team queue of the endpoint's team picks among the team's todos; another queue among the
-- endpoint's own; no queue, among both. Lapsed leases below their cap are taken over first (closed
-- lease_expired/requeued); a lapsed lease on its last attempt met on the way is dead-lettered, as
-- the reaper would (reaped/dead_lettered), and the search goes on; then the ready todo with the
-- highest priority and the earliest ready time (pending from run_at, failed from next_retry_at,
-- before any sweep). Picks with FOR UPDATE SKIP LOCKED, so concurrent callers never wait for one
-- another or claim the same todo. A queue that is paused, or at its max_claimed or
-- claims_per_minute, is passed over (set_queue_limits, pause_queue) without waiting on a lock.
-- Returns the claim document (as claim), or {"empty": true}. Errors: forbidden, invalid (queue
-- format, lease_seconds), throttled (over the endpoint's claim budget).
--
-- Example: select switchboard.claim_next(endpoint_id => '<endpoint_id>', queue => 'builds',
--   claimant => 'run-1', require_fence => true);
create or replace function switchboard.claim_next(
  endpoint_id uuid,
  queue text default null,
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
  v_agent text;
  v_budget boolean;
  v_stored_lease text;
  v_lease integer;
  v_id uuid;
  v_queue text;
  v_has_head boolean;
  v_lapsed boolean;
  v_below_cap boolean;
  v_team uuid;
begin
  -- Two pick statements, one per form, because one statement with `queue is null or x.queue = queue` gets one
  -- generic plan that cannot use todos_ready_queue_idx for the queue form.
  -- The common claim_next is this one statement and open_attempt's UPDATE. It authorizes and reads whether the endpoint
  -- has a claim budget and the default lease (claim_caller, one definition for both), and locks the todo to claim: a lapsed
  -- lease first (taken over), else the best ready todo, each with FOR UPDATE SKIP LOCKED, the second branch run only
  -- when the first found nothing (Append under LIMIT 1). Only what the transition needs is read: a whole todos row
  -- through PL/pgSQL is a 40-column projection.
  loop
    if queue is not null then
      -- One scope: the team's for a team queue of the endpoint's team, else the endpoint's own (claim_caller).
      select e.agent_id, e.budgeted, e.stored_lease, e.team_id, p.id, p.queue, p.has_head, p.lapsed, p.below_cap
        into v_agent, v_budget, v_stored_lease, v_team, v_id, v_queue, v_has_head, v_lapsed, v_below_cap
        from switchboard_internal.claim_caller(endpoint_id, queue) e
        left join lateral (
          select * from (select x.id, x.queue, x.head_claimer_kind is not null as has_head, true as lapsed,
                                x.attempt < x.max_attempts as below_cap
                           from switchboard.todos x
                          where x.scope_id = e.scope_id and x.queue = queue and x.state = 'claimed'
                            and x.lease_expires_at <= now()
                          order by x.lease_expires_at
                          limit 1 for update skip locked) l
          union all
          select * from (select x.id, x.queue, x.head_claimer_kind is not null, false, true
                           from switchboard.todos x
                          where x.scope_id = e.scope_id and x.queue = queue and x.ready_at <= now()
                          order by x.priority desc, x.ready_at
                          limit 1 for update skip locked) r
          limit 1) p on true;
    else
      -- Every queue of both scopes: the endpoint's own and its team's (none for a personal endpoint, whose team
      -- branches find nothing at once). The best ready todo of each scope is locked and the better one taken; the
      -- other stays locked only until this transaction ends, and SKIP LOCKED lets other claimers pass it meanwhile.
      select e.agent_id, e.budgeted, e.stored_lease, e.team_id, p.id, p.queue, p.has_head, p.lapsed, p.below_cap
        into v_agent, v_budget, v_stored_lease, v_team, v_id, v_queue, v_has_head, v_lapsed, v_below_cap
        from switchboard_internal.claim_caller(endpoint_id, null) e
        left join lateral (
          select * from (select x.id, x.queue, x.head_claimer_kind is not null as has_head, true as lapsed,
                                x.attempt < x.max_attempts as below_cap
                           from switchboard.todos x
                          where x.scope_id = e.scope_id and x.state = 'claimed' and x.lease_expires_at <= now()
                          order by x.lease_expires_at
                          limit 1 for update skip locked) l
          union all
          select * from (select x.id, x.queue, x.head_claimer_kind is not null, true, x.attempt < x.max_attempts
                           from switchboard.todos x
                          where x.scope_id = e.team_id and x.state = 'claimed' and x.lease_expires_at <= now()
                          order by x.lease_expires_at
                          limit 1 for update skip locked) lt
          union all
          select r.id, r.queue, r.has_head, false, true
            from (select * from (select x.id, x.queue, x.head_claimer_kind is not null as has_head, x.priority, x.ready_at
                                   from switchboard.todos x
                                  where x.scope_id = e.scope_id and x.ready_at <= now()
                                  order by x.priority desc, x.ready_at
                                  limit 1 for update skip locked) ro
                  union all
                  select * from (select x.id, x.queue, x.head_claimer_kind is not null, x.priority, x.ready_at
                                   from switchboard.todos x
                                  where x.scope_id = e.team_id and x.ready_at <= now()
                                  order by x.priority desc, x.ready_at
                                  limit 1 for update skip locked) rt
                  order by priority desc, ready_at
                  limit 1) r
          limit 1) p on true;
    end if;
    -- A lapsed lease on its last attempt cannot be taken over: it is dead-lettered here with the reaper's own
    -- transition (reap_locked), in this transaction, and the search goes on. So a todo never stays claimed forever
    -- behind a lapsed lease when no reaper runs (a DBA in psql); each one met is settled once.
    exit when v_id is null or v_below_cap;
    perform switchboard_internal.reap_locked(array[v_id], now());
  end loop;
  -- The errors in the order they always had: forbidden (agent() says why), then invalid. Raising rolls back the lock.
  if v_agent is null then
    perform switchboard_internal.agent(endpoint_id, 'claim_next');
  end if;
  if lease_seconds is null then
    v_lease := switchboard_internal.default_lease(v_stored_lease);
  else
    v_lease := switchboard_internal.lease_seconds(lease_seconds); -- raises invalid out of range
  end if;
  if v_id is null then
    if queue is not null then
      perform switchboard_internal.check_queue(queue); -- a malformed queue matches nothing: said here, not as empty
    end if;
    return jsonb_build_object('empty', true);
  end if;
  -- Queue controls (pause, max_claimed, claims_per_minute): one probe of a table that holds rows only for queues an
  -- owner has set controls on; such a queue is admitted, or passed over, by claim_controlled. A queue name is anyone's,
  -- so a control found is then matched to the holders this endpoint's todos can have (its team, its owner): a control
  -- another owner set on a queue of the same name costs this claim one more probe, not the controlled path. Two
  -- statements, so the common claim (no control on the name) runs the one cheap probe it always did.
  if exists (select 1 from switchboard.queue_controls c where c.queue = v_queue) then
    if exists (select 1 from switchboard.queue_controls c
                where c.queue = v_queue
                  and (c.holder_id = v_team
                       or c.holder_id = (select e.owner_id from switchboard.endpoints e where e.id = endpoint_id))) then
      select p.todo_id, p.todo_queue, p.has_head, p.lapsed into v_id, v_queue, v_has_head, v_lapsed
        from switchboard_internal.claim_controlled(endpoint_id, queue, v_id) p;
      if v_id is null then
        return jsonb_build_object('empty', true);
      end if;
    end if;
  end if;
  return switchboard_internal.open_attempt(v_id, endpoint_id, v_queue, v_has_head, v_lapsed, 'endpoint', endpoint_id, null,
                                           'agent:' || v_agent, claimant, require_fence, v_lease, mcp_session_id, v_budget);
end;
$$;
