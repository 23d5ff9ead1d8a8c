-- open_attempt: the claim transition shared by claim, claim_next and the Board's claim. The caller has
-- locked the todo row and checked that it is claimable. In one statement the todo becomes claimed (counter
-- +1, seq +1, lease set) and its attempt row is opened; once a todo is over attempt_history_max_per_todo, a
-- second deletes the oldest closed attempts and counts them in attempts_pruned. A lapsed lease being taken over is closed first as
-- lease_expired/requeued. Returns the claim document: the todo with payload and routing, attempt_seq,
-- attempts_total, prior_attempts (five newest closed, newest first), the notice, and lease_token when fenced.
-- Lines between `-- history{` and `-- history}` (here, in end_held and end_attempt) are the attempt-history work:
-- bench/lib/no-history.ts cuts them out to build the switchboard-no-history contender, so mark any new such work.
create or replace function switchboard_internal.open_attempt(
  t switchboard.todos,
  claimer_kind text,
  claimer_endpoint_id uuid,
  claimer_owner_id uuid,
  owner text,
  claimant text,
  require_fence boolean,
  lease_seconds integer,
  mcp_session_id text)
returns jsonb
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_now timestamptz := now();
  v_cap integer;
  v_token text;
  v_claimant text;
  v_todo switchboard.todos;
  v_prior jsonb := '[]'::jsonb;
begin
  perform switchboard_internal.admit_claim(t.endpoint_id); -- over its budget: throttled, nothing changed
  if claimant is not null then
    v_claimant := (switchboard_internal.cut_utf8(nullif(regexp_replace(claimant, '[[:cntrl:]]', '', 'g'), ''),
                                                switchboard_internal.limit_of('claimant_bytes'))).cut;
  end if;
  if coalesce(require_fence, false) then
    v_token := switchboard_internal.random_token(16);
  end if;

  -- history{
  if t.state = 'claimed' then
    with closed as (
      update switchboard.todo_attempts a
         set ended_at = v_now, outcome = 'lease_expired',
             disposition = (select x.disposition from switchboard_internal.transition('lease_expired', false) x)
       where a.todo_id = t.id and a.seq = t.last_seq and a.ended_at is null
      returning 1
    )
    insert into switchboard.attempt_close_counts as c (queue, outcome, shard, n)
    select t.queue, 'lease_expired', (pg_backend_pid() % 16)::smallint, count(*) from closed having count(*) > 0
    on conflict on constraint attempt_close_counts_pkey do update set n = c.n + excluded.n;
  end if;
  -- history}

  -- The common claim is one statement (update + insert). Pruning history over the cap is its own statement, run
  -- only when a todo has reached it: as a third arm of the CTE its plan nodes were set up on every claim.
  with upd as (
    update switchboard.todos x
       set state = 'claimed',
           attempt = x.attempt + 1,
           owner = open_attempt.owner,
           lease_expires_at = v_now + make_interval(secs => lease_seconds),
           ready_at = null,
           next_retry_at = null,
           last_seq = x.last_seq + 1,
           updated_at = v_now
     where x.id = t.id
    returning x.*
  -- history{
  ), opened as (
    insert into switchboard.todo_attempts
      (todo_id, seq, attempt, claimer_kind, endpoint_id, owner_id, mcp_session_id, owner, claimant,
       claimed_at, lease_expires_at, lease_token_sha256)
    select u.id, u.last_seq, u.attempt, claimer_kind, claimer_endpoint_id, claimer_owner_id, mcp_session_id,
           u.owner, v_claimant, v_now, u.lease_expires_at, switchboard_internal.digest(v_token)
      from upd u
  -- history}
  )
  select u.* into v_todo from upd u;

  -- history{
  -- The cap is never below 5 (_history_cap), so a todo's first five claims need not read the setting.
  if v_todo.last_seq > 5 then
    v_cap := switchboard_internal.history_cap();
    if v_todo.last_seq > v_cap then
      with pruned as (
        delete from switchboard.todo_attempts p
         where p.todo_id = v_todo.id and p.seq <= v_todo.last_seq - v_cap
        returning 1
      )
      update switchboard.todos x
         set attempts_pruned = x.attempts_pruned + (select count(*) from pruned)::integer
       where x.id = v_todo.id
      returning x.* into v_todo;
    end if;
  end if;

  if v_todo.last_seq > 1 then
    select coalesce(jsonb_agg(switchboard_internal.attempt_json(s.a) order by (s.a).seq desc), '[]'::jsonb)
      into v_prior
      from (select a from switchboard.todo_attempts a
             where a.todo_id = v_todo.id and a.seq < v_todo.last_seq
             order by a.seq desc limit switchboard_internal.limit_of('prior_attempts')) s;
  end if;
  -- history}

  return switchboard_internal.todo_json(v_todo, true)
      || jsonb_build_object('attempt_seq', v_todo.last_seq,
                            'attempts_total', v_todo.last_seq,
                            'prior_attempts', v_prior,
                            'notice', switchboard_internal.notice())
      || case when v_token is not null then jsonb_build_object('lease_token', v_token) else '{}'::jsonb end;
end;
$$;
comment on function switchboard_internal.open_attempt(switchboard.todos, text, uuid, uuid, text, text, boolean, integer, text) is
  'Internal. Claims a locked, claimable todo: closes a lapsed attempt as lease_expired, opens the new attempt, prunes history over the cap, returns the claim document.';
