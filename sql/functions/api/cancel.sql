-- cancel: the owner cancels a todo, whatever holds it. pending | claimed | failed -> canceled; an
-- open attempt closes canceled/canceled. Locks the todo row. Returns the todo document. Errors:
-- not_found (outside the owner's scope, identical to an unknown id), conflict (done or already
-- canceled).
--
-- Example: select switchboard.cancel(owner_id => '<owner_id>', todo_id => '<todo_id>');
create or replace function switchboard.cancel(owner_id uuid, todo_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_t switchboard.todos := switchboard_internal.owned_todo(owner_id, todo_id);
begin
  if v_t.state in ('done', 'canceled') then
    perform switchboard_internal.raise('conflict', format('todo %s is %s and cannot be canceled', todo_id, v_t.state), null);
  end if;
  -- Two steps, as in fail: given a variable rather than a volatile call, todo_json is inlined and its plan cached.
  v_t := switchboard_internal.end_attempt(v_t, 'canceled', null, null, null);
  return switchboard_internal.todo_json(v_t);
end;
$$;
