-- attempt_json: the attempt document, as every read returns it. seq, attempt, claimer_kind,
-- claimant, times, outcome, disposition, died, summary and artifact; never the claiming endpoint,
-- the MCP session or the token digest.
create or replace function switchboard_internal.attempt_json(a switchboard.todo_attempts)
returns jsonb
language sql
stable
as $$
  select jsonb_build_object(
    'seq', a.seq,
    'attempt', a.attempt,
    'claimer_kind', a.claimer_kind,
    'claimant', a.claimant,
    'claimed_at', switchboard_internal.ts(a.claimed_at),
    'last_heartbeat_at', switchboard_internal.ts(a.last_heartbeat_at),
    'ended_at', switchboard_internal.ts(a.ended_at),
    'outcome', a.outcome,
    'disposition', a.disposition,
    'died', coalesce(a.outcome in ('lease_expired', 'reaped'), false),
    'summary', a.summary,
    'summary_truncated', a.summary_truncated,
    'artifact', a.artifact)
$$;
