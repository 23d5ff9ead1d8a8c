-- Prototype (issue 14, 2026-12-01), "the open attempt lives on the todo row, the attempts table holds closed
-- attempts only": with it a claim writes no attempt row and a close is one INSERT. Priced over the no-history
-- functions (generate them with bench/lib/no-history.ts, apply, then this end_held, which adds back only the close:
-- an INSERT of the closed attempt and the close counter). Not a product: it invents the attempt's fields it would
-- read from the todo's own columns.
-- bench/ab.ts, 40 rounds, A = this over no-history, B = no-history: complete B/A 0.643 (B cheaper 40/40), cycle
-- 0.818. Of the INSERT's cost, measured by taking one part out at a time (30 rounds each, B/A of a complete): the
-- close counter arm (INSERT … ON CONFLICT) 0.900, the FK's RI triggers 0.958, the row-rules CHECK function 0.928.
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
  v_summary record;
  v_pair record;
  v_todo switchboard.todos;
begin
  if outcome not in ('completed', 'released') then
    raise exception 'switchboard_internal.end_held: outcome % depends on the row; use _hold_agent and _end_attempt', outcome;
  end if;
  v_summary := switchboard_internal.report_summary(outcome, result, summary);
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
     where x.id = todo_id and x.endpoint_id = endpoint_id
       and x.owner = 'agent:' || agent_id and x.lease_expires_at > v_now
    returning x.*
  ), closed as (
    insert into switchboard.todo_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimant,
        claimed_at, last_heartbeat_at, lease_expires_at, ended_at, outcome, disposition, summary, summary_truncated, artifact, lease_token_sha256)
    select h.id, h.last_seq, h.attempt, 'endpoint', h.endpoint_id, 'agent:x', null, h.created_at, null, v_now, v_now,
           end_held.outcome, v_pair.disposition, v_summary.cut, v_summary.truncated, end_held.artifact, null
      from held h
  ), counted as (
    insert into switchboard.attempt_close_counts as c (queue, outcome, shard, n)
    select h.queue, end_held.outcome, (pg_backend_pid() % 16)::smallint, 1 from held h
    on conflict on constraint attempt_close_counts_pkey do update set n = c.n + 1
  )
  select h.* into v_todo from held h;
  if found then
    return v_todo;
  end if;

  v_todo := switchboard_internal.hold_agent(endpoint_id, todo_id, agent_id, lease_token);
  return switchboard_internal.end_attempt(v_todo, outcome, result, summary, artifact);
end;
$$;
