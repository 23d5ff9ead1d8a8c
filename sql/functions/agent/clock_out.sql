-- clock_out (agent): switchboard.clock_out for the endpoint that the bearer credential names. The
-- credential is digested inside the statement that runs the verb, so a connection holding
-- switchboard_agent and no valid credential can do nothing. Returns what switchboard.clock_out
-- returns. Errors: forbidden (an unknown, expired or revoked credential, or a verb outside the
-- endpoint's frozen set), then those of switchboard.clock_out.
create or replace function switchboard_agent.clock_out(credential text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.clock_out(switchboard_internal.agent_endpoint(credential));
end;
$$;
