-- ring_due_todos (worker): switchboard.ring_due_todos, for the worker's own role
-- (switchboard_worker). That role sweeps and delivers for every tenant but holds none of the admin
-- API. Returns what switchboard.ring_due_todos returns. Errors: those of
-- switchboard.ring_due_todos.
create or replace function switchboard_worker.ring_due_todos(batch_limit integer default null)
returns integer
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.ring_due_todos(batch_limit);
$$;
