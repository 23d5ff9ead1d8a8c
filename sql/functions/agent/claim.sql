-- claim (agent): switchboard.claim for the endpoint the caller's bearer credential names. The credential is
-- digested here, inside the statement that runs the verb, so a connection holding switchboard_agent and no valid
-- credential can do nothing; an unknown, expired or revoked credential, or a verb outside the endpoint's frozen
-- set, is forbidden. Everything else (arguments, document, errors) is switchboard.claim's.
create or replace function switchboard_agent.claim(
  credential text,
  todo_id uuid,
  claimant text default null,
  require_fence boolean default false,
  lease_seconds integer default null,
  mcp_session_id text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.claim(switchboard_internal.agent_endpoint(credential), todo_id, claimant, require_fence, lease_seconds, mcp_session_id);
end;
$$;
comment on function switchboard_agent.claim(text, uuid, text, boolean, integer, text) is
$$claim(credential, todo_id, claimant, require_fence false, lease_seconds, mcp_session_id) -> claim document.
As switchboard.claim, for the endpoint the credential names. Errors: forbidden (unknown, expired or revoked credential; verb not
vended), then those of switchboard.claim.$$;
