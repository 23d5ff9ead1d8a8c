-- a2a_list (agent): switchboard.a2a_list for the endpoint the caller's bearer credential names (the /a2a surface's
-- ListTasks). The credential is digested here, inside the statement that runs the verb; unknown, expired or revoked,
-- or without list_todos, is forbidden. Everything else is switchboard.a2a_list's.
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
comment on function switchboard_agent.a2a_list(text, text, text, integer, text, integer, timestamptz, boolean) is
$$a2a_list(credential, context_id, state, page_size 50, page_token, history_length, status_after, with_artifacts) -> {tasks,
nextPageToken, pageSize, totalSize}. As switchboard.a2a_list, for the endpoint the credential names. Errors: forbidden (unknown,
expired or revoked credential; list_todos not vended), then those of switchboard.a2a_list.$$;
