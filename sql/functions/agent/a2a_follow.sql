-- a2a_follow (agent): switchboard.a2a_follow for the endpoint the bearer credential names. The /a2a
-- surface's SubscribeToTask of a task that has no wake key yet. The credential is digested inside
-- the statement that runs the verb, so a revoked credential is refused at its next call. Returns
-- what switchboard.a2a_follow returns. Errors: forbidden (an unknown, expired or revoked
-- credential, or without get_todo (or list_todos)), then those of switchboard.a2a_follow.
create or replace function switchboard_agent.a2a_follow(credential text, task_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.a2a_follow(switchboard_internal.agent_endpoint(credential), task_id);
end;
$$;
