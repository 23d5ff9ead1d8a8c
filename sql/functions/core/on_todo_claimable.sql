-- on_todo_claimable: trigger on todos, after an insert claimable now (add_todo): rings the
-- doorbell. It calls ring; the transitions that make a todo claimable again call ring themselves,
-- in their own statement. A todo that becomes claimable later rings when the worker's sweep comes
-- after that time: a retry through requeue_due_retries, a todo filed with a future run_at through
-- ring_due_todos (the row on_todo_due left for it).
create or replace function switchboard_internal.on_todo_claimable()
returns trigger
language plpgsql
volatile
as $$
begin
  perform switchboard_internal.ring(new.scope_id, new.queue);
  return null;
end;
$$;

-- Its trigger, todos_claimable_insert, is created beside todos_due_insert at the end of on_todo_due.sql (this file is
-- applied first), by the one block that (re)creates the insert triggers of todos.
