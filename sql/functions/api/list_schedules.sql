-- list_schedules: the schedules an endpoint reaches: its own and its team's, oldest first. Reads
-- only. Returns {schedules: [schedule documents]}. Errors: forbidden (revoked, or add_todo not
-- vended).
--
-- Example: select switchboard.list_schedules(endpoint_id => '<endpoint_id>');
create or replace function switchboard.list_schedules(endpoint_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  perform switchboard_internal.agent(endpoint_id, 'add_todo');
  return jsonb_build_object('schedules', coalesce((
    select jsonb_agg(switchboard_internal.schedule_json(s) order by s.created_at, s.id)
      from switchboard.schedules s where s.scope_id = any(switchboard_internal.agent_scopes(endpoint_id))), '[]'::jsonb));
end;
$$;
