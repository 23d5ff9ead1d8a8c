-- add_schedule (agent): switchboard.add_schedule for the endpoint that the bearer credential names.
-- Held by endpoints vended add_todo. Returns what switchboard.add_schedule returns. Errors:
-- forbidden (an unknown, expired or revoked credential, or add_todo outside the endpoint's frozen
-- set), then those of switchboard.add_schedule.
create or replace function switchboard_agent.add_schedule(
  credential text,
  queue text,
  cron text,
  payload jsonb default '{}',
  title text default null,
  time_zone text default 'UTC')
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
begin
  return switchboard.add_schedule(switchboard_internal.agent_endpoint(credential), queue, cron, payload, title, time_zone);
end;
$$;
