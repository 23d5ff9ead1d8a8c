-- owned_todo: lock a todo on the owner (Board) path: it must belong to an endpoint the owner vended.
-- Anything else raises the same not_found as an id that never existed.
create or replace function switchboard_internal.owned_todo(owner_id uuid, todo_id uuid)
returns switchboard.todos
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_t switchboard.todos;
begin
  select x.* into v_t from switchboard.todos x
   where x.id = todo_id
     and x.endpoint_id in (select e.id from switchboard.endpoints e where e.owner_id = owner_id)
   for update of x;
  if not found then
    perform switchboard_internal.not_found(todo_id);
  end if;
  return v_t;
end;
$$;
comment on function switchboard_internal.owned_todo(uuid, uuid) is
  'Internal. Locks a todo in an owner''s scope (todos of endpoints they vended); not_found otherwise.';
