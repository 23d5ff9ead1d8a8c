-- open_attempt: the claim transition shared by claim, claim_next and the Board's claim. The caller
-- has locked the todo row and checked that it is claimable, and passes what it read of it: its id,
-- endpoint (whose claim budget is charged: the claimer's, or the adder's for an owner's claim) and
-- queue, whether it has an attempt already (has_head) and whether that one is a lapsed lease being
-- taken over (lapsed). The todo becomes claimed (counter +1, seq +1, lease set) and its new attempt
-- is opened in the same UPDATE: a todo's newest attempt is its head (the head_* columns of its
-- row), so opening one writes no other row. A todo claimed before first moves its head to
-- earlier_attempts, closed as it was, or, when it is a lapsed lease being taken over, closed
-- lease_expired/requeued (and counted); once a todo is over attempt_history_max_per_todo, the
-- oldest earlier attempts are deleted and counted in attempts_pruned. Returns the claim document:
-- the todo with payload and routing, attempt_seq, attempts_total, prior_attempts (five newest
-- closed, newest first), the notice, and lease_token when fenced. A todo filed over A2A wakes its
-- followers (a2a_wake). Errors: throttled (admit_claim).
--
-- Lines between `-- history{` and `-- history}` (here, in end_held, end_attempt, reap_locked and
-- the verbs that stamp the head) are the attempt-history work: bench/lib/no-history.ts cuts them
-- out to build the switchboard-no-history contender, so mark any new such work, and keep the SQL
-- valid without it (a cut SET list item starts with its comma).
create or replace function switchboard_internal.open_attempt(
  todo_id uuid,
  endpoint_id uuid,
  queue text,
  has_head boolean,
  lapsed boolean,
  claimer_kind text,
  claimer_endpoint_id uuid,
  claimer_owner_id uuid,
  owner text,
  claimant text,
  require_fence boolean,
  lease_seconds integer,
  mcp_session_id text,
  budgeted boolean default true)
returns jsonb
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_now timestamptz := now();
  v_lease timestamptz := v_now + make_interval(secs => lease_seconds);
  v_cap integer;
  v_token text;
  v_claimant text;
  v_doc jsonb;
  v_seq integer;
  v_prior jsonb := '[]'::jsonb;
  v_wake text;
begin
  -- Over its budget: throttled, nothing changed. budgeted false: the caller read, in this transaction, that the
  -- endpoint has no budget (claim_next, with its authorization), so there is no bucket row to charge.
  if budgeted is distinct from false then
    perform switchboard_internal.admit_claim(endpoint_id);
  end if;
  if claimant is not null then
    v_claimant := (switchboard_internal.cut_utf8(nullif(switchboard_internal.clean_text(claimant), ''),
                                                switchboard_internal.limit_of('claimant_bytes'))).cut;
  end if;
  if coalesce(require_fence, false) then
    v_token := switchboard_internal.random_token(16);
  end if;

  -- history{
  if has_head then
    -- The head so far becomes an earlier attempt. A lapsed one is the lease this claim takes over: lease_expired.
    insert into switchboard.earlier_attempts
      (todo_id, seq, attempt, claimer_kind, endpoint_id, owner_id, mcp_session_id, owner, claimant, claimed_at,
       last_heartbeat_at, lease_expires_at, ended_at, outcome, disposition, summary, summary_truncated, artifact,
       lease_token_sha256, scope_id)
    select x.id, x.last_seq, x.head_attempt, x.head_claimer_kind, x.head_endpoint_id, x.head_owner_id,
           x.head_mcp_session_id, x.head_owner, x.head_claimant, x.head_claimed_at, x.head_last_heartbeat_at,
           x.head_lease_expires_at, coalesce(x.head_ended_at, v_now), coalesce(x.head_outcome, 'lease_expired'),
           coalesce(x.head_disposition, (switchboard_internal.transition('lease_expired', false)).disposition),
           x.head_summary, x.head_summary_truncated, x.head_artifact, x.lease_token_sha256, x.scope_id
      from switchboard.todos x
     where x.id = todo_id;
    if lapsed then
      insert into switchboard.attempt_close_counts as c (queue, outcome, shard, n)
      values (queue, 'lease_expired', (pg_backend_pid() % 16)::smallint, 1)
      on conflict on constraint attempt_close_counts_pkey do update set n = c.n + 1;
    end if;
  end if;
  -- history}

  -- The answer is built in the RETURNING, from the row just written (todo_doc), not from a copy of it.
  update switchboard.todos x
     set state = 'claimed',
         attempt = x.attempt + 1,
         owner = open_attempt.owner,
         lease_expires_at = v_lease,
         ready_at = null,
         next_retry_at = null,
         last_seq = x.last_seq + 1,
         lease_token_sha256 = switchboard_internal.digest(v_token),
         updated_at = v_now
         -- history{
         , head_attempt = x.attempt + 1, head_claimer_kind = claimer_kind, head_endpoint_id = claimer_endpoint_id,
         head_owner_id = claimer_owner_id, head_mcp_session_id = mcp_session_id, head_owner = open_attempt.owner,
         head_claimant = v_claimant, head_claimed_at = v_now, head_last_heartbeat_at = null,
         head_lease_expires_at = v_lease, head_ended_at = null, head_outcome = null, head_disposition = null,
         head_summary = null, head_summary_truncated = false, head_artifact = null
         -- history}
   where x.id = todo_id
  returning switchboard_internal.todo_doc(x.id, x.queue, x.title, x.state, x.priority, x.attempt, x.max_attempts,
                                          x.owner, x.lease_expires_at, x.run_at, x.next_retry_at, x.created_at,
                                          x.updated_at)
            || jsonb_build_object('payload', x.payload, 'routing', x.routing, 'attempt_seq', x.last_seq,
                                  'attempts_total', x.last_seq, 'notice', switchboard_internal.notice(),
                                  'prior_attempts', '[]'::jsonb),
            x.last_seq, x.a2a_wake_key
       into v_doc, v_seq, v_wake;
  -- A todo filed over A2A tells its followers it was claimed; one filed over MCP (null) pays this test only.
  if v_wake is not null then
    perform switchboard_internal.a2a_wake(v_wake);
  end if;

  -- history{
  -- The cap is never below 5 (history_cap), so a todo's first five claims need not read the setting.
  if v_seq > 5 then
    v_cap := switchboard_internal.history_cap();
    if v_seq > v_cap then
      with pruned as (
        delete from switchboard.earlier_attempts p
         where p.todo_id = open_attempt.todo_id and p.seq <= v_seq - v_cap
        returning 1
      )
      update switchboard.todos x
         set attempts_pruned = x.attempts_pruned + (select count(*) from pruned)::integer
       where x.id = todo_id;
    end if;
  end if;

  if v_seq > 1 then
    select coalesce(jsonb_agg(switchboard_internal.attempt_json(s.a) order by (s.a).seq desc), '[]'::jsonb)
      into v_prior
      from (select a from switchboard.todo_attempts a
             where a.todo_id = open_attempt.todo_id and a.seq < v_seq
             order by a.seq desc limit switchboard_internal.limit_of('prior_attempts')) s;
  end if;
  -- history}

  -- A first claim has no earlier attempt and most claims no fence: the document from the RETURNING is the answer as
  -- it is (its prior_attempts already []), not copied by two concatenations.
  if v_seq > 1 then
    v_doc := v_doc || jsonb_build_object('prior_attempts', v_prior);
  end if;
  if v_token is not null then
    v_doc := v_doc || jsonb_build_object('lease_token', v_token);
  end if;
  return v_doc;
end;
$$;
