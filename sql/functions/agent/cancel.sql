-- cancel (agent): switchboard.agent_cancel for the endpoint the caller's bearer credential names. The credential is
-- digested here, inside the statement that runs the verb, so a connection holding switchboard_agent and no valid
-- credential can do nothing; an unknown, expired or revoked credential, or a verb outside the endpoint's frozen
-- set, is forbidden. Everything else (arguments, document, errors) is switchboard.agent_cancel's.
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
comment on function switchboard_agent.cancel(text, uuid) is
$$cancel(credential, todo_id) -> todo. pending | claimed | failed waiting for a retry -> canceled; an open attempt closes
canceled/canceled. As switchboard.agent_cancel, for the endpoint the credential names. Errors: forbidden (unknown, expired or
revoked credential; verb not vended), then those of switchboard.agent_cancel.$$;
