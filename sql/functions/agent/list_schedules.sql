-- list_schedules (agent): switchboard.list_schedules for the endpoint that the bearer credential
-- names. Returns what switchboard.list_schedules returns. Errors: forbidden (an unknown, expired or
-- revoked credential, or add_todo outside the endpoint's frozen set).
create or replace function switchboard_agent.list_schedules(credential text)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
begin
  return switchboard.list_schedules(switchboard_internal.agent_endpoint(credential));
end;
$$;
