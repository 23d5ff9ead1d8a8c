-- heartbeat (agent): switchboard.heartbeat for the endpoint the caller's bearer credential names. The credential is
-- digested here, inside the statement that runs the verb, so a connection holding switchboard_agent and no valid
-- credential can do nothing; an unknown, expired or revoked credential, or a verb outside the endpoint's frozen
-- set, is forbidden. Everything else (arguments, document, errors) is switchboard.heartbeat's.
create or replace function switchboard_agent.heartbeat(
  credential text,
  todo_id uuid,
  lease_token text default null,
  lease_seconds integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.heartbeat(switchboard_internal.agent_endpoint(credential), todo_id, lease_token, lease_seconds);
end;
$$;
comment on function switchboard_agent.heartbeat(text, uuid, text, integer) is
$$heartbeat(credential, todo_id, lease_token, lease_seconds) -> todo. claimed -> claimed: the lease runs to now + lease_seconds
As switchboard.heartbeat, for the endpoint the credential names. Errors: forbidden (unknown, expired or revoked credential; verb not
vended), then those of switchboard.heartbeat.$$;
