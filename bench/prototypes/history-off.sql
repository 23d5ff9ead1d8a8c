-- Ablation (bench/ab.ts --b bench/prototypes/history-off.sql): _open_attempt and _end_held with no attempt row written
-- or closed (no fence either: its digest lives on the attempt). Not a product: it prices what the attempt row costs
-- inside the same verb layer. 2026-11-30, 60 rounds: claim 0.833, complete 0.672, cycle 0.742 (B cheaper 60/60).
-- _open_attempt: the claim transition shared by claim, claim_next and the Board's claim. The caller has
-- locked the todo row and checked that it is claimable. In one statement the todo becomes claimed (counter
-- +1, seq +1, lease set) and its attempt row is opened; once a todo is over attempt_history_max_per_todo, a
-- second deletes the oldest closed attempts and counts them in attempts_pruned. A lapsed lease being taken over is closed first as
-- lease_expired/requeued. Returns the claim document: the todo with payload and routing, attempt_seq,
-- attempts_total, prior_attempts (five newest closed, newest first), the notice, and lease_token when fenced.
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
  if claimant is not null then
    v_claimant := (switchboard_internal.cut_utf8(nullif(regexp_replace(claimant, '[[:cntrl:]]', '', 'g'), ''), 128)).cut;
  end if;
  if coalesce(require_fence, false) then
    v_token := switchboard_internal.random_token(16);
  end if;

  if t.state = 'claimed' then
    update switchboard.todo_attempts a
       set ended_at = v_now, outcome = 'lease_expired', disposition = 'requeued'
     where a.todo_id = t.id and a.seq = t.last_seq and a.ended_at is null;
  end if;

  -- The common claim is one statement (update + insert). Pruning history over the cap is its own statement, run
  -- only when a todo has reached it: as a third arm of the CTE its plan nodes were set up on every claim.
  with upd as (
    update switchboard.todos x
       set state = 'claimed',
           attempt = x.attempt + 1,
           owner = _open_attempt.owner,
           lease_expires_at = v_now + make_interval(secs => lease_seconds),
           ready_at = null,
           next_retry_at = null,
           last_seq = x.last_seq + 1,
           updated_at = v_now
     where x.id = t.id
    returning x.*
  )
  select u.* into v_todo from upd u;

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
             order by a.seq desc limit 5) s;
  end if;

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

-- _end_held: complete and release on the agent path as one statement. The holder check (this agent, live lease, the
-- fence: the open attempt's token digest) sits in the WHERE of the todo's UPDATE, joined to that attempt by
-- (todo_id, last_seq), and the attempt is closed by a second arm of the same statement. The two statements of the
-- lock-then-check path (_hold_agent, then _end_attempt) and the row-lock WAL record they write go away.
--   Why it is safe under READ COMMITTED: when the todo row changed after the statement's snapshot (a takeover, a
--   cancel, a heartbeat), the UPDATE re-checks the WHERE against the newest row version while the attempt row stays
--   the one the snapshot saw. A takeover bumped last_seq, so the old attempt no longer joins and nothing is updated;
--   a cancel cleared the owner. Either way the statement updates nothing and the caller gets the diagnosis below.
--   The WHERE names the owner, not state = 'claimed': only a claimed todo has an owner (_todos_row_ok), and a state
--   test lets the planner prefer a partial index of claimed todos over the primary key.
-- When nothing matched, _hold_agent says why (not_found or conflict, as before); if it finds the caller does hold
-- the lease after all (a race the single statement lost), the transition runs the lock-then-check way.
-- Only completed and released: their outcome does not depend on the row (fail's retry-or-dead-letter does).
create or replace function switchboard_internal.end_held(
  endpoint_id uuid,
  todo_id uuid,
  agent_id text,
  lease_token text,
  outcome text,
  result jsonb,
  summary text,
  artifact text)
returns switchboard.todos
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_now timestamptz := now();
  v_summary text := summary;
  v_cut text;
  v_truncated boolean := false;
  v_todo switchboard.todos;
begin
  if outcome not in ('completed', 'released') then
    raise exception 'switchboard_internal.end_held: outcome % depends on the row; use _hold_agent and _end_attempt', outcome;
  end if;
  -- The summary rules of _end_attempt: the compact result stands in when asked to, cut to 2048 bytes.
  if v_summary is null and result is not null and outcome = 'completed'
     and switchboard_internal.setting_bool('attempt_summary_from_result') then
    v_summary := switchboard_internal.compact_json(result);
  end if;
  if v_summary is not null then
    select c.cut, c.truncated into v_cut, v_truncated from switchboard_internal.cut_utf8(v_summary, 2048) c;
  end if;

  with held as (
    update switchboard.todos x
       set state = case outcome when 'completed' then 'done' else 'pending' end,
           owner = null,
           lease_expires_at = null,
           ready_at = case outcome when 'released' then v_now end,
           next_retry_at = null,
           result = case outcome when 'completed' then result else x.result end,
           updated_at = v_now
     where x.id = todo_id and x.endpoint_id = endpoint_id
       and x.owner = 'agent:' || agent_id and x.lease_expires_at > v_now
    returning x.*
  )
  select h.* into v_todo from held h;
  if found then
    return v_todo;
  end if;

  v_todo := switchboard_internal.hold_agent(endpoint_id, todo_id, agent_id, lease_token);
  return switchboard_internal.end_attempt(v_todo, outcome, result, summary, artifact);
end;
$$;
comment on function switchboard_internal.end_held(uuid, uuid, text, text, text, jsonb, text, text) is
  'Internal. complete/release on the agent path in one statement: holder and fence checked in the UPDATE''s WHERE, attempt closed alongside; not_found/conflict via _hold_agent when nothing matched.';
