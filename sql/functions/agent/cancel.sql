-- cancel (agent): switchboard.agent_cancel for the endpoint that the bearer credential names. The
-- credential is digested inside the statement that runs the verb, so a connection holding
-- switchboard_agent and no valid credential can do nothing. Returns what switchboard.agent_cancel
-- returns. Errors: forbidden (an unknown, expired or revoked credential, or a verb outside the
-- endpoint's frozen set), then those of switchboard.agent_cancel.
create or replace function switchboard_agent.cancel(credential text, todo_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.agent_cancel(switchboard_internal.agent_endpoint(credential), todo_id);
end;
$$;
