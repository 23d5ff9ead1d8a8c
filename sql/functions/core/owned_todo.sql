-- owned_todo: locks a todo of the owner's scope (a todo of an endpoint they vended), for the Board.
-- Anything else raises the same not_found as an id that never existed. Returns the locked todo row.
-- Errors: not_found.
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
     and x.scope_id in (select s.id from switchboard_internal.owner_scopes(owner_id) s(id))
   for update of x;
  if not found then
    perform switchboard_internal.not_found(todo_id);
  end if;
  return v_t;
end;
$$;
