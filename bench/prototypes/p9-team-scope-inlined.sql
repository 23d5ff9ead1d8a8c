-- p9: the team scope checks on the personal cycle's path written out in the statement, so the planner inlines them.
--
-- PostgreSQL inlines a scalar LANGUAGE sql function only when its body has no sub-select (inline_function refuses a
-- query with hasSubLinks). agent_reaches (`scope_id = endpoint_id or scope_id = (select team_id …)`) and queue_scope
-- (`coalesce((select … from team_queues …), …)`) each have one, so every call runs as a SQL function of its own,
-- parsed and planned again for each execution of the calling statement: pg_stat_user_functions (track_functions =
-- all) counts 400 agent_reaches calls (end_held, one per complete) and 800 queue_scope calls (claim_caller) for 400
-- cycles, ~45 µs each. Here end_held's UPDATE says the rule itself (the sub-select becomes an InitPlan, run once)
-- and claim_caller, a set-returning SQL function that IS inlined (sub-selects are allowed there), reads the team
-- queue itself. Same results; not one definition any more, so this is the measurement, not the fix: the fix keeps
-- agent_reaches and queue_scope as the definitions and makes them inlinable (for example, the caller's team passed
-- in, `scope_id in (endpoint_id, team_id)`, read from the endpoint row the statement joins anyway).
-- Measure: BENCH_DATABASE_URL=… npx tsx bench/ab.ts --a-rev fcf4ccc --b bench/prototypes/p9-team-scope-inlined.sql
-- end_held: complete and release on the agent path as one statement, or null when it does not
-- apply. The authorization (authorized_endpoint) and the holder check (holds_lease: this agent,
-- live lease, the fence), the same definitions the long way reads, sit in the WHERE of the todo's
-- UPDATE, and the same UPDATE closes the attempt, the todo's head, so nothing else is written but
-- the close counter; a todo filed over A2A wakes its followers (a2a_wake). Only completed and
-- released: their outcome does not depend on the row (fail's retry-or-dead-letter does). Returns
-- the todo's document (todo_doc, built in the RETURNING), or null when nothing matched: the verb
-- then goes the long way (agent, the argument checks, hold_agent, end_attempt), which raises what
-- is wrong (forbidden, invalid, not_found, conflict, in that order) or, when the caller does hold
-- the lease after all (a race the single statement lost), ends it lock-then-check.
--
-- Why it is safe under READ COMMITTED: when the todo row changed after the statement's snapshot,
-- the UPDATE re-checks the WHERE against the newest row version. A cancel cleared the holder; a
-- fenced takeover changed the token digest: nothing is updated and the caller gets the diagnosis of
-- the long way. An unfenced takeover by the same endpoint leaves nothing that tells its two holders
-- apart (the fence is what does), so the report closes the newest attempt, as the lock-then-check
-- path always did. The holder's own heartbeat only moves the lease on. The WHERE names the holder,
-- not state = 'claimed': only a claimed todo has one (todos_row_ok), and a state test lets the
-- planner prefer a partial index of claimed todos over the primary key.
create or replace function switchboard_internal.end_held(
  endpoint_id uuid,
  todo_id uuid,
  verb text,
  lease_token text,
  outcome text,
  result jsonb,
  summary text,
  artifact text)
returns jsonb
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_now timestamptz := now();
  v_cut text;
  v_truncated boolean := false;
  v_pair record;
  v_doc jsonb;
  v_scope uuid;
  v_queue text;
  v_wake text;
begin
  if outcome not in ('completed', 'released') then
    raise exception 'switchboard_internal.end_held: outcome % depends on the row; use hold_agent and end_attempt', outcome;
  end if;
  -- Most reports carry no summary (and a release no result): nothing to cut, no setting to read.
  if summary is not null or (result is not null and outcome = 'completed') then
    select r.cut, r.truncated into v_cut, v_truncated from switchboard_internal.report_summary(outcome, result, summary) r;
  end if;
  -- complete and release never depend on the cap: done/done and requeued/pending.
  v_pair := switchboard_internal.transition(outcome, false);

  with held as (
    update switchboard.todos x
       set state = v_pair.state,
           owner = null,
           lease_expires_at = null,
           ready_at = case outcome when 'released' then v_now end,
           next_retry_at = null,
           result = case outcome when 'completed' then result else x.result end,
           updated_at = v_now
           -- history{
           , head_ended_at = v_now, head_outcome = end_held.outcome, head_disposition = v_pair.disposition,
           head_summary = v_cut, head_summary_truncated = v_truncated, head_artifact = end_held.artifact
           -- history}
     where x.id = todo_id and (x.scope_id = endpoint_id or x.scope_id = (select e2.team_id from switchboard.endpoints e2 where e2.id = endpoint_id))
       and switchboard_internal.holds_lease(x.owner, x.lease_expires_at, x.lease_token_sha256,
             (select 'agent:' || e.agent_id from switchboard_internal.authorized_endpoint(endpoint_id, verb) e), lease_token)
    returning switchboard_internal.todo_doc(x.id, x.queue, x.title, x.state, x.priority, x.attempt, x.max_attempts,
                                            x.owner, x.lease_expires_at, x.run_at, x.next_retry_at, x.created_at,
                                            x.updated_at) as doc,
              x.scope_id, x.queue, x.a2a_wake_key
  -- history{
  ), counted as (
    -- held closed exactly the one open attempt: count it here, as one more part of the closing statement, rather
    -- than in a row trigger that every close would fire.
    insert into switchboard.attempt_close_counts as c (queue, outcome, shard, n)
    select h.queue, end_held.outcome, (pg_backend_pid() % 16)::smallint, 1 from held h
    on conflict on constraint attempt_close_counts_pkey do update set n = c.n + 1
  -- history}
  )
  select h.doc, h.scope_id, h.queue, h.a2a_wake_key into v_doc, v_scope, v_queue, v_wake from held h;
  if v_wake is not null then
    perform switchboard_internal.a2a_wake(v_wake);
  end if;
  if outcome = 'released' and v_doc is not null then
    perform switchboard_internal.ring(v_scope, v_queue);
  end if;
  return v_doc;
end;
$$;

-- claim_caller: what claim_next reads about its caller before it picks. One place for both of its
-- pick statements: the authorized endpoint's agent_id (authorized_endpoint with the verb
-- claim_next; no row when it is unknown, revoked or not vended claim_next), whether it has a claim
-- budget (an endpoint_admission row: open_attempt then charges it), the stored
-- default_lease_seconds setting, the endpoint's team (null: a personal endpoint), and the scope the
-- queue names for it (queue_scope: its team's for a team queue, else its own; its own without a
-- queue). Inlined into the pick statement, so it costs what the join written out would. Reads only.
create or replace function switchboard_internal.claim_caller(endpoint_id uuid, queue text)
returns table (agent_id text, budgeted boolean, stored_lease text, team_id uuid, scope_id uuid)
language sql
stable
as $$
  select e.agent_id,
         exists (select 1 from switchboard.endpoint_admission b where b.endpoint_id = e.id),
         (select s.value from switchboard.settings s where s.key = 'default_lease_seconds'),
         e.team_id,
         coalesce((select q.team_id from switchboard.team_queues q where q.team_id = e.team_id and q.queue = claim_caller.queue), e.id)
    from switchboard_internal.authorized_endpoint(claim_caller.endpoint_id, 'claim_next') e;
$$;
