-- add_todos (agent): switchboard.add_todos for the endpoint that the bearer credential names. Held
-- by endpoints vended add_todo. Returns what switchboard.add_todos returns. Errors: forbidden (an
-- unknown, expired or revoked credential, or add_todo outside the endpoint's frozen set), then
-- those of switchboard.add_todos.
create or replace function switchboard_agent.add_todos(credential text, todos jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
begin
  return switchboard.add_todos(switchboard_internal.agent_endpoint(credential), todos);
end;
$$;
