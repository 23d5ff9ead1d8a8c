-- a2a_get (agent): switchboard.a2a_get for the endpoint the caller's bearer credential names (the /a2a surface's
-- GetTask, and every re-read of a stream). The credential is digested here, inside the statement that runs the verb,
-- so a revoked credential ends a stream at its next read; unknown, expired or revoked, or without get_todo (or
-- list_todos), is forbidden. Everything else is switchboard.a2a_get's.
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
comment on function switchboard_agent.a2a_get(text, uuid, integer) is
$$a2a_get(credential, task_id, history_length) -> {task, wake_key}. As switchboard.a2a_get, for the endpoint the credential names.
Errors: forbidden (unknown, expired or revoked credential; get_todo not vended), then those of switchboard.a2a_get.$$;
