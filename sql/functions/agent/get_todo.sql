-- get_todo (agent): switchboard.get_todo for the endpoint the caller's bearer credential names. The credential is
-- digested here, inside the statement that runs the verb, so a connection holding switchboard_agent and no valid
-- credential can do nothing; an unknown, expired or revoked credential, or a verb outside the endpoint's frozen
-- set, is forbidden. Everything else (arguments, document, errors) is switchboard.get_todo's.
create or replace function switchboard_agent.get_todo(
  credential text,
  todo_id uuid,
  attempts_limit integer default 20)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.get_todo(switchboard_internal.agent_endpoint(credential), todo_id, attempts_limit);
end;
$$;
comment on function switchboard_agent.get_todo(text, uuid, integer) is
$$get_todo(credential, todo_id, attempts_limit 20) -> the todo with payload, routing, result, attempts (newest first, open one
As switchboard.get_todo, for the endpoint the credential names. Errors: forbidden (unknown, expired or revoked credential; verb not
vended), then those of switchboard.get_todo.$$;
