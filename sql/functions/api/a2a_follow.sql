-- a2a_follow: the wake key of a task the caller follows over A2A (SubscribeToTask), given it if
-- none. The key whose NOTIFY on switchboard_a2a tells a stream to re-read the task. A todo filed
-- over A2A has its filer's key; one filed otherwise (over MCP, from the Board, by a teammate) gets
-- the follower's key here, once, so its transitions wake every follower from then on instead of
-- leaving them to the keep-alive re-read. Authorized as switchboard.get_todo (its scope, its verb:
-- get_todo or list_todos, its not_found). Locks the todo row only when it had no key. Returns
-- {wake_key}. Errors: forbidden, not_found (unknown or another tenant's id, identically).
--
-- task_id: the task followed, which is the todo's id.
--
-- Example: select switchboard.a2a_follow(endpoint_id => '<endpoint_id>', task_id => '<todo_id>');
create or replace function switchboard.a2a_follow(endpoint_id uuid, task_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_key text;
begin
  perform switchboard.get_todo(endpoint_id, task_id, 0);
  select x.a2a_wake_key into v_key from switchboard.todos x where x.id = task_id;
  if v_key is null then
    -- Two first followers at once: the second waits on the row lock, finds the key set, and reads it below.
    update switchboard.todos x set a2a_wake_key = e.a2a_wake_key
      from switchboard.endpoints e
     where x.id = task_id and x.a2a_wake_key is null and e.id = endpoint_id
    returning x.a2a_wake_key into v_key;
    if v_key is null then
      select x.a2a_wake_key into v_key from switchboard.todos x where x.id = task_id;
    end if;
  end if;
  return jsonb_build_object('wake_key', v_key);
end;
$$;
