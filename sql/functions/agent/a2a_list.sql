-- a2a_list (agent): switchboard.a2a_list for the endpoint the bearer credential names (the /a2a
-- surface's ListTasks). The credential is digested inside the statement that runs the verb, so a
-- revoked credential is refused at its next call. Returns what switchboard.a2a_list returns.
-- Errors: forbidden (an unknown, expired or revoked credential, or without list_todos), then those
-- of switchboard.a2a_list.
create or replace function switchboard_agent.a2a_list(
  credential text,
  context_id text default null,
  state text default null,
  page_size integer default 50,
  page_token text default null,
  history_length integer default null,
  status_after timestamptz default null,
  with_artifacts boolean default false)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.a2a_list(switchboard_internal.agent_endpoint(credential), context_id, state, page_size, page_token,
                              history_length, status_after, with_artifacts);
end;
$$;
