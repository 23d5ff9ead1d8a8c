-- a2a_get (agent): switchboard.a2a_get for the endpoint the bearer credential names. The /a2a
-- surface's GetTask, and every re-read of a stream. The credential is digested inside the statement
-- that runs the verb, so a revoked credential is refused at its next call. Returns what
-- switchboard.a2a_get returns. Errors: forbidden (an unknown, expired or revoked credential, or
-- without get_todo (or list_todos)), then those of switchboard.a2a_get.
create or replace function switchboard_agent.a2a_get(credential text, task_id uuid, history_length integer default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.a2a_get(switchboard_internal.agent_endpoint(credential), task_id, history_length);
end;
$$;
