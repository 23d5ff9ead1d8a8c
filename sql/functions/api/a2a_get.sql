-- a2a_get: A2A GetTask: a todo of the caller's scope as an A2A Task, with its attempts as history.
-- Read through switchboard.get_todo (its scope, its verb: get_todo or list_todos, its not_found):
-- the requester's message and one agent message per closed attempt, the newest history_length of
-- them (null: all that the 50 newest attempts hold). Reads only. Returns {task, wake_key} (wake_key
-- null for a todo filed otherwise than over A2A until switchboard.a2a_follow gives it one). Errors:
-- forbidden, not_found (unknown or another tenant's id, identically), invalid (history_length < 0).
--
-- task_id: the task, which is the todo's id.
-- history_length: how many history messages the task carries, newest last; null: all; 0: none.
--
-- Example: select switchboard.a2a_get(endpoint_id => '<endpoint_id>', task_id => '<todo_id>',
--   history_length => 5);
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
