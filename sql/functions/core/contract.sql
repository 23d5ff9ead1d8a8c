-- contract: the constants every surface shares, defined once. The agent verbs in their canonical
-- order (from agent_verbs(), the migration-owned list the endpoints CHECK reads too), the verbs
-- another verb implies (list_todos grants get_todo), the error kinds with their SQLSTATEs, and the
-- size and range limits. The SQL bodies read them through limit_of, verb_held and raise; the
-- TypeScript is generated from switchboard.contract() (scripts/schema.sh writes
-- src/contract.gen.ts, and a test fails when they drift). Immutable and constant, so it folds into
-- each statement's plan at plan time and costs nothing per call.
create or replace function switchboard_internal.contract()
returns jsonb
language sql
immutable
parallel safe
as $$
  select jsonb_build_object(
    'verbs', to_jsonb(switchboard_internal.agent_verbs()),
    'implied_verbs', jsonb_build_object('get_todo', 'list_todos'),
    'errors', jsonb_build_array(
      jsonb_build_object('kind', 'not_found', 'sqlstate', 'SB404', 'meaning',
        'No such todo, owner or endpoint in the caller''s scope. An id of another tenant answers exactly the same.'),
      jsonb_build_object('kind', 'conflict', 'sqlstate', 'SB409', 'meaning',
        'The todo is not in a state that allows this, or the caller does not hold its lease (fence included).'),
      jsonb_build_object('kind', 'invalid', 'sqlstate', 'SB422', 'meaning',
        'An argument is malformed or out of range. Nothing was changed.'),
      jsonb_build_object('kind', 'forbidden', 'sqlstate', 'SB403', 'meaning',
        'The credential or session is unknown, expired or revoked, or the verb is not in the endpoint''s frozen verb set. An endpoint credential refused itself gives DETAIL {"credential": "refused"} (the HTTP surfaces answer it 401); a verb outside the set gives none.'),
      jsonb_build_object('kind', 'throttled', 'sqlstate', 'SB429', 'meaning',
        'A limit of the caller''s (the endpoint''s claim budget, concurrent waits or calls) is used up for now. Nothing was changed; a spent claim budget gives DETAIL {"retry_after_seconds": n}: wait, then claim again.')),
    'limits', jsonb_build_object(
      'title_bytes', 512,
      'claimant_bytes', 128,
      'summary_bytes', 2048,
      'artifact_bytes', 512,
      'json_bytes', 262144,
      'routing_bytes', 16384,
      'webhook_url_bytes', 2048,
      'lease_seconds_min', 1,
      'lease_seconds_max', 86400,
      'attempts_limit_max', 50,
      'prior_attempts', 5));
$$;
