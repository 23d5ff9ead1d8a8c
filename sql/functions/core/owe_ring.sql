-- owe_ring: owes a queue of a scope a ring at a later time, for the worker's sweep to ring. A row
-- of due_rings at the time rounded up to the second, rung by ring_due_todos once it has passed. For
-- a todo filed for later (on_todo_due) the row names the todo and goes with it; for a queue whose
-- controls held a claim_next back (admit_queue) todo_id is null, one row per scope, queue and
-- second. Errors: none.
create or replace function switchboard_internal.owe_ring(due_at timestamptz, scope_id uuid, queue text, todo_id uuid default null)
returns void
language sql
volatile
as $$
  insert into switchboard.due_rings (due_at, scope_id, queue, todo_id)
  values (date_trunc('second', due_at)
            + case when due_at > date_trunc('second', due_at) then interval '1 second' else interval '0' end,
          scope_id, queue, todo_id)
  on conflict do nothing;
$$;
