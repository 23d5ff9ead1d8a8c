-- a2a_cancel: A2A CancelTask: cancels a todo of the caller's scope and answers its task. The agent
-- verb cancel (agent_cancel: pending, claimed or waiting for a retry -> canceled, an open attempt
-- closed canceled/canceled; already canceled answered as it stands), then the task as it now stands
-- (a2a_task). Locks the todo row. Returns {task, wake_key}. Errors: forbidden (revoked, or cancel
-- not vended), not_found (unknown or foreign id alike), conflict (done, or a dead letter), invalid
-- (history_length < 0).
--
-- task_id: the task, which is the todo's id.
-- history_length: how many history messages the task carries, newest last; null: all the 50 newest
--   attempts hold; 0: none.
--
-- Example: select switchboard.a2a_cancel(endpoint_id => '<endpoint_id>', task_id => '<todo_id>');
create or replace function switchboard.a2a_cancel(endpoint_id uuid, task_id uuid, history_length integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_t switchboard.todos;
  v_a switchboard.a2a_tasks;
begin
  perform switchboard.agent_cancel(endpoint_id, task_id);
  if history_length < 0 then
    perform switchboard_internal.raise('invalid', 'historyLength must be at least 0', null);
  end if;
  select x.* into v_t from switchboard.todos x where x.id = task_id;
  select a.* into v_a from switchboard.a2a_tasks a where a.todo_id = task_id;
  return jsonb_build_object(
    'task', switchboard_internal.a2a_task(switchboard_internal.todo_detail(v_t, switchboard_internal.limit_of('attempts_limit_max')),
                                          v_a, history_length),
    'wake_key', v_t.a2a_wake_key);
end;
$$;
