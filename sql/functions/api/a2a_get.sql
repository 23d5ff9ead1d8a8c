-- a2a_get: A2A GetTask: a todo of the caller's scope as an A2A Task (a2a_task), read through switchboard.get_todo (its
--   scope, its verb: get_todo or list_todos, its not_found), with its history: the requester's message and one
--   agent message per closed attempt, newest history_length of them (null: all that the 50 newest attempts hold).
--   Reads only. Returns {task, wake_key} (wake_key null for a todo filed over MCP).
--   Errors: forbidden, not_found (unknown or another tenant's id, identically), invalid (history_length < 0).
create or replace function switchboard.a2a_get(endpoint_id uuid, task_id uuid, history_length integer default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_detail jsonb := switchboard.get_todo(endpoint_id, task_id, switchboard_internal.limit_of('attempts_limit_max'));
  v_a switchboard.a2a_tasks;
begin
  if history_length < 0 then
    perform switchboard_internal.raise('invalid', 'historyLength must be at least 0', null);
  end if;
  select a.* into v_a from switchboard.a2a_tasks a where a.todo_id = task_id;
  return jsonb_build_object(
    'task', switchboard_internal.a2a_task(v_detail, v_a, history_length),
    'wake_key', (select x.a2a_wake_key from switchboard.todos x where x.id = task_id));
end;
$$;
comment on function switchboard.a2a_get(uuid, uuid, integer) is
$$a2a_get(endpoint_id, task_id, history_length null = all) -> {task, wake_key}. A2A GetTask: the todo as an A2A Task, attempts as
history, read through get_todo (same scope and verb). Read only. Errors: forbidden, not_found (unknown or foreign id alike),
invalid (history_length < 0).$$;
