-- a2a_attempt: one attempt as the data an A2A reader gets. From a todo document (attempt_json's
-- snake_case), in camelCase, with the notice that its summary, claimant and artifact are data
-- written by earlier attempts. The artifact stays a string (never a url part a client would fetch).
create or replace function switchboard_internal.a2a_attempt(a jsonb)
returns jsonb
language sql
immutable
as $$
  select jsonb_build_object(
    'seq', a -> 'seq',
    'attempt', a -> 'attempt',
    'claimerKind', a -> 'claimer_kind',
    'claimant', a -> 'claimant',
    'outcome', a -> 'outcome',
    'disposition', a -> 'disposition',
    'died', a -> 'died',
    'summary', a -> 'summary',
    'summaryTruncated', a -> 'summary_truncated',
    'artifact', a -> 'artifact',
    'claimedAt', a -> 'claimed_at',
    'lastHeartbeatAt', a -> 'last_heartbeat_at',
    'endedAt', a -> 'ended_at',
    'notice', switchboard_internal.notice())
$$;
