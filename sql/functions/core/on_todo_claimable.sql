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

-- The trigger is (re)created only when its definition changed (the definition is kept as its comment), so
-- re-applying the function files takes no lock on todos.
do $$
declare
  v_def text := 'create or replace trigger todos_claimable_insert after insert on switchboard.todos '
             || 'for each row when (new.ready_at <= now()) execute function switchboard_internal.on_todo_claimable()';
begin
  if obj_description((select g.oid from pg_trigger g where g.tgrelid = 'switchboard.todos'::regclass
                        and g.tgname = 'todos_claimable_insert'), 'pg_trigger') is distinct from v_def then
    execute v_def;
    execute format('comment on trigger todos_claimable_insert on switchboard.todos is %L', v_def);
  end if;
end
$$;
