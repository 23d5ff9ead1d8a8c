-- count_todos: adds n todos filed in a scope to its count (scope_todo_counts), in this backend's
-- row. A row per backend (pg_backend_pid() % 16), as attempt_close_counts, so one scope's adds on
-- other connections never wait for this transaction's.
create or replace function switchboard_internal.count_todos(scope_id uuid, n integer)
returns void
language plpgsql
volatile
as $$
-- PL/pgSQL, not SQL: a SQL function that is not inlined (an INSERT never is) plans its body at every call, and
-- every add calls this.
begin
  insert into switchboard.scope_todo_counts as c (scope_id, shard, stored)
  values (count_todos.scope_id, (pg_backend_pid() % 16)::smallint, n)
  on conflict on constraint scope_todo_counts_pkey do update set stored = c.stored + excluded.stored;
end;
$$;
