-- get_todo: one todo of the endpoint's scope in full, with its attempts. The todo with payload,
-- routing and result, its attempts newest first (the open one included) up to attempts_limit,
-- attempts_total, attempts_pruned and the untrusted-data notice. Granted by get_todo or by
-- list_todos. Reads only. Returns the todo document. Errors: forbidden, not_found (unknown or
-- another tenant's id, identically), invalid (attempts_limit below 0).
--
-- attempts_limit: attempts returned, newest first, at most 50.
--
-- Example: select switchboard.get_todo(endpoint_id => '<endpoint_id>', todo_id => '<todo_id>',
--   attempts_limit => 5);
create or replace function switchboard.get_todo(endpoint_id uuid, todo_id uuid, attempts_limit integer default 20)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_t switchboard.todos;
begin
  perform switchboard_internal.agent(endpoint_id, 'get_todo');
  if attempts_limit < 0 then
    perform switchboard_internal.raise('invalid', 'attempts_limit must be between 0 and 50', null);
  end if;
  select x.* into v_t from switchboard.todos x, switchboard.endpoints e
   where x.id = todo_id and e.id = endpoint_id and switchboard_internal.agent_reaches(x.scope_id, e.id, e.team_id);
  if not found then
    perform switchboard_internal.not_found(todo_id);
  end if;
  return switchboard_internal.todo_detail(v_t, least(coalesce(attempts_limit, 20), switchboard_internal.limit_of('attempts_limit_max')));
end;
$$;
