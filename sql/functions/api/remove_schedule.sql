-- remove_schedule: removes a schedule the endpoint reaches, its own or its team's. No tick is filed
-- from then on, and the todos filed before stay. Returns {schedule_id, removed: true}. Errors:
-- forbidden (revoked, or add_todo not vended), not_found (unknown, or another scope's,
-- identically).
--
-- schedule_id: the schedule add_schedule answered.
--
-- Example: select switchboard.remove_schedule(endpoint_id => '<endpoint_id>',
--   schedule_id => '<schedule_id>');
create or replace function switchboard.remove_schedule(endpoint_id uuid, schedule_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  perform switchboard_internal.agent(endpoint_id, 'add_todo');
  delete from switchboard.schedules s where s.id = schedule_id and s.scope_id = any(switchboard_internal.agent_scopes(endpoint_id));
  if not found then
    perform switchboard_internal.raise('not_found', format('no schedule %s in this scope', schedule_id), 'list_schedules shows yours.');
  end if;
  return jsonb_build_object('schedule_id', schedule_id, 'removed', true);
end;
$$;
