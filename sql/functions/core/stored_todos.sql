-- stored_todos: how many todos a scope stores against todos_max_per_scope. The sum of its rows in
-- scope_todo_counts (filing adds, prune subtracts), finished todos included until retention deletes
-- them. For the lists and the recount; todo_room reads the same sum in its own statement, since
-- every add pays for it and a SQL function with a subquery is never inlined; a test holds the two
-- to one answer.
create or replace function switchboard_internal.stored_todos(scope_id uuid)
returns bigint
language sql
stable
as $$
  select coalesce(sum(c.stored), 0)::bigint from switchboard.scope_todo_counts c where c.scope_id = stored_todos.scope_id
$$;
