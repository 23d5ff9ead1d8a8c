-- remove_schedule (agent): switchboard.remove_schedule for the endpoint that the bearer credential
-- names. Returns what switchboard.remove_schedule returns. Errors: forbidden (an unknown, expired
-- or revoked credential, or add_todo outside the endpoint's frozen set), then those of
-- switchboard.remove_schedule.
create or replace function switchboard_agent.remove_schedule(credential text, schedule_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
begin
  return switchboard.remove_schedule(switchboard_internal.agent_endpoint(credential), schedule_id);
end;
$$;
