-- complete (agent): switchboard.complete for the endpoint that the bearer credential names. The
-- credential is digested inside the statement that runs the verb, so a connection holding
-- switchboard_agent and no valid credential can do nothing. Returns what switchboard.complete
-- returns. Errors: forbidden (an unknown, expired or revoked credential, or a verb outside the
-- endpoint's frozen set), then those of switchboard.complete.
create or replace function switchboard_agent.complete(
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
  return switchboard.complete(switchboard_internal.agent_endpoint(credential), todo_id, result, summary, artifact, lease_token);
end;
$$;
