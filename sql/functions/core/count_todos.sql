-- count_todos: adds n todos filed in a scope to its count (scope_todo_counts), in this backend's
-- row. A row per backend (pg_backend_pid() % 16), as attempt_close_counts, so one scope's adds on
-- other connections never wait for this transaction's.
create or replace function switchboard_internal.count_todos(scope_id uuid, n integer)
returns void
language sql
volatile
as $$
  insert into switchboard.scope_todo_counts as c (scope_id, shard, stored)
  values (count_todos.scope_id, (pg_backend_pid() % 16)::smallint, n)
  on conflict (scope_id, shard) do update set stored = c.stored + excluded.stored
$$;
