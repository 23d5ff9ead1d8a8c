-- a2a_cancel (agent): switchboard.a2a_cancel for the endpoint the bearer credential names. The /a2a
-- surface's CancelTask, and an A2UI cancel action. The credential is digested inside the statement
-- that runs the verb, so a revoked credential is refused at its next call. Returns what
-- switchboard.a2a_cancel returns. Errors: forbidden (an unknown, expired or revoked credential, or
-- without cancel), then those of switchboard.a2a_cancel.
create or replace function switchboard_agent.a2a_cancel(credential text, task_id uuid, history_length integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.a2a_cancel(switchboard_internal.agent_endpoint(credential), task_id, history_length);
end;
$$;
