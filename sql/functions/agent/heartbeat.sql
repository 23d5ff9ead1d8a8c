-- heartbeat (agent): switchboard.heartbeat for the endpoint that the bearer credential names. The
-- credential is digested inside the statement that runs the verb, so a connection holding
-- switchboard_agent and no valid credential can do nothing. Returns what switchboard.heartbeat
-- returns. Errors: forbidden (an unknown, expired or revoked credential, or a verb outside the
-- endpoint's frozen set), then those of switchboard.heartbeat.
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
