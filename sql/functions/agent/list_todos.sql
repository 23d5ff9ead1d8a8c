-- list_todos (agent): switchboard.list_todos for the endpoint that the bearer credential names. The
-- credential is digested inside the statement that runs the verb, so a connection holding
-- switchboard_agent and no valid credential can do nothing. Returns what switchboard.list_todos
-- returns. Errors: forbidden (an unknown, expired or revoked credential, or a verb outside the
-- endpoint's frozen set), then those of switchboard.list_todos.
create or replace function switchboard_agent.list_todos(
  credential text,
  queue text default null,
  state text default null,
  dead_letter boolean default null,
  page_size integer default 50,
  cursor text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.list_todos(switchboard_internal.agent_endpoint(credential), queue, state, dead_letter, page_size, cursor);
end;
$$;
