-- clock_out (agent): switchboard.clock_out for the endpoint the caller's bearer credential names. The credential is
-- digested here, inside the statement that runs the verb, so a connection holding switchboard_agent and no valid
-- credential can do nothing; an unknown, expired or revoked credential, or a verb outside the endpoint's frozen
-- set, is forbidden. Everything else (document, errors) is switchboard.clock_out's.
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
comment on function switchboard_agent.clock_out(text) is
$$clock_out(credential) -> {agent_id, clocked_in, presence_since, changed}. As switchboard.clock_out, for the endpoint the credential names.
Errors: forbidden (unknown, expired or revoked credential; verb not vended).$$;
