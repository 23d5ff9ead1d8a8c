-- release (agent): switchboard.release for the endpoint the caller's bearer credential names. The credential is
-- digested here, inside the statement that runs the verb, so a connection holding switchboard_agent and no valid
-- credential can do nothing; an unknown, expired or revoked credential, or a verb outside the endpoint's frozen
-- set, is forbidden. Everything else (arguments, document, errors) is switchboard.release's.
create or replace function switchboard_agent.release(
  credential text,
  todo_id uuid,
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
  return switchboard.release(switchboard_internal.agent_endpoint(credential), todo_id, summary, artifact, lease_token);
end;
$$;
comment on function switchboard_agent.release(text, uuid, text, text, text) is
$$release(credential, todo_id, summary, artifact, lease_token) -> todo. claimed -> pending at once: no backoff, attempt counter
As switchboard.release, for the endpoint the credential names. Errors: forbidden (unknown, expired or revoked credential; verb not
vended), then those of switchboard.release.$$;
