-- fail (agent): switchboard.fail for the endpoint the caller's bearer credential names. The credential is
-- digested here, inside the statement that runs the verb, so a connection holding switchboard_agent and no valid
-- credential can do nothing; an unknown, expired or revoked credential, or a verb outside the endpoint's frozen
-- set, is forbidden. Everything else (arguments, document, errors) is switchboard.fail's.
create or replace function switchboard_agent.fail(
  credential text,
  todo_id uuid,
  result jsonb default null,
  summary text default null,
  artifact text default null,
  lease_token text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.fail(switchboard_internal.agent_endpoint(credential), todo_id, result, summary, artifact, lease_token);
end;
$$;
comment on function switchboard_agent.fail(text, uuid, jsonb, text, text, text) is
$$fail(credential, todo_id, result, summary, artifact, lease_token) -> todo. claimed -> failed: below max_attempts a retry is scheduled at now + backoff (failed/retry_scheduled); at the cap the todo is a dead letter (failed/dead_lettered). result is stored on the todo.
As switchboard.fail, for the endpoint the credential names. Errors: forbidden (unknown, expired or revoked credential; verb not
vended), then those of switchboard.fail.$$;
