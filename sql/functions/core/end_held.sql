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
  -- Most reports carry no summary (and a release no result): nothing to cut, no setting to read. A result becomes the
  -- summary only when attempt_summary_from_result is on (off by default): read here, in this expression's own
  -- cached plan rather than through setting_bool's call, so the default pays no nested PL/pgSQL call.
  if summary is not null
     or (result is not null and outcome = 'completed'
         and exists (select from switchboard.settings s
                      where s.key = 'attempt_summary_from_result' and switchboard_internal.setting_on(s.value))) then
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
      from switchboard_internal.authorized_endpoint(endpoint_id, verb) e
     where x.id = todo_id and switchboard_internal.agent_reaches(x.scope_id, e.id, e.team_id)
       and switchboard_internal.holds_lease(x.owner, x.lease_expires_at, x.lease_token_sha256, 'agent:' || e.agent_id,
                                            lease_token)
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
