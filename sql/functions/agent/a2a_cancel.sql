-- a2a_cancel (agent): switchboard.a2a_cancel for the endpoint the caller's bearer credential names (the /a2a surface's
-- CancelTask, and an A2UI cancel action). The credential is digested here, inside the statement that runs the verb;
-- unknown, expired or revoked, or without cancel, is forbidden. Everything else is switchboard.a2a_cancel's.
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
comment on function switchboard_agent.a2a_cancel(text, uuid, integer) is
$$a2a_cancel(credential, task_id, history_length) -> {task, wake_key}. As switchboard.a2a_cancel, for the endpoint the credential
names. Errors: forbidden (unknown, expired or revoked credential; cancel not vended), then those of switchboard.a2a_cancel.$$;
