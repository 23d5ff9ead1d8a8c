-- on_todo_due: trigger on todos, after an insert of a todo claimable only later: owes it a ring. A
-- todo filed with a future run_at owes its queue a ring at that time (owe_ring, a row that goes
-- with the todo); the worker's sweep, ring_due_todos, rings it once due. A todo claimable at once
-- rings through on_todo_claimable instead.
create or replace function switchboard_internal.on_todo_due()
returns trigger
language plpgsql
volatile
as $$
begin
  perform switchboard_internal.owe_ring(new.ready_at, new.scope_id, new.queue, new.id);
  return null;
end;
$$;

-- The insert triggers of todos, claimable now (on_todo_claimable, applied before this file) and claimable later
-- (this one). Each is (re)created only when its definition changed (the definition is kept as its comment), so
-- re-applying the function files takes no lock on todos.
do $$
declare
  v_name text;
  v_def text;
begin
  for v_name, v_def in
    values ('todos_claimable_insert', 'create or replace trigger todos_claimable_insert after insert on switchboard.todos '
              || 'for each row when (new.ready_at <= now()) execute function switchboard_internal.on_todo_claimable()'),
           ('todos_due_insert', 'create or replace trigger todos_due_insert after insert on switchboard.todos '
              || 'for each row when (new.ready_at > now()) execute function switchboard_internal.on_todo_due()')
  loop
    if obj_description((select g.oid from pg_trigger g where g.tgrelid = 'switchboard.todos'::regclass
                          and g.tgname = v_name), 'pg_trigger') is distinct from v_def then
      execute v_def;
      execute format('comment on trigger %I on switchboard.todos is %L', v_name, v_def);
    end if;
  end loop;
end
$$;
