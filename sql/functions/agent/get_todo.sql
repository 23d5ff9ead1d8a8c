-- get_todo (agent): switchboard.get_todo for the endpoint that the bearer credential names. The
-- credential is digested inside the statement that runs the verb, so a connection holding
-- switchboard_agent and no valid credential can do nothing. Returns what switchboard.get_todo
-- returns. Errors: forbidden (an unknown, expired or revoked credential, or a verb outside the
-- endpoint's frozen set), then those of switchboard.get_todo.
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
