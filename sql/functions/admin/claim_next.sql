-- claim_next: claim the best claimable todo of the caller's scope (one queue, or all of them).
--   Lapsed leases below their cap are taken over first (they were at the head of the queue already and are
--   closed lease_expired/requeued); then the ready todo with the highest priority and the earliest ready_at
--   (pending from run_at, failed from next_retry_at). Picks with FOR UPDATE SKIP LOCKED, so concurrent
--   callers never wait for one another. Returns the claim document, or {"empty": true}.
--   Errors: forbidden, invalid (queue format, lease_seconds).
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
  v_agent text := switchboard_internal.agent(endpoint_id, 'claim_next');
  v_lease integer := switchboard_internal.lease_seconds(lease_seconds);
  v_t switchboard.todos;
begin
  if queue is not null then
    perform switchboard_internal.check_queue(queue);
    select x.* into v_t from switchboard.todos x
     where x.endpoint_id = endpoint_id and x.queue = queue and x.state = 'claimed'
       and x.lease_expires_at <= now() and x.attempt < x.max_attempts
     order by x.lease_expires_at
     limit 1 for update skip locked;
    if not found then
      select x.* into v_t from switchboard.todos x
       where x.endpoint_id = endpoint_id and x.queue = queue and x.ready_at <= now()
       order by x.priority desc, x.ready_at
       limit 1 for update skip locked;
    end if;
  else
    select x.* into v_t from switchboard.todos x
     where x.endpoint_id = endpoint_id and x.state = 'claimed'
       and x.lease_expires_at <= now() and x.attempt < x.max_attempts
     order by x.lease_expires_at
     limit 1 for update skip locked;
    if not found then
      select x.* into v_t from switchboard.todos x
       where x.endpoint_id = endpoint_id and x.ready_at <= now()
       order by x.priority desc, x.ready_at
       limit 1 for update skip locked;
    end if;
  end if;
  if not found then
    return jsonb_build_object('empty', true);
  end if;
  return switchboard_internal.open_attempt(v_t, 'endpoint', endpoint_id, null, 'agent:' || v_agent,
                                   claimant, require_fence, v_lease, mcp_session_id);
end;
$$;
comment on function switchboard.claim_next(uuid, text, text, boolean, integer, text) is
$$claim_next(endpoint_id, queue null = any, claimant, require_fence false, lease_seconds, mcp_session_id) -> claim document or {"empty": true}.
Takes over a lapsed lease below its cap first (closed lease_expired/requeued), else the ready todo with the highest priority
and earliest ready time (pending from run_at; failed once next_retry_at has passed, before any sweep). FOR UPDATE SKIP
LOCKED: concurrent callers never block each other or claim the same todo. Same document and limits as claim.
Errors: forbidden, invalid (queue format, lease_seconds).$$;
