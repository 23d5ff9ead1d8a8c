-- Prototype (issue 14, 2026-12-01): closing an attempt as a HOT update. The one-open-attempt exclusion constraint
-- (its index's predicate is ended_at) and todo_attempts_ended_idx go, fillfactor 80 leaves room, and a row trigger
-- refuses a second open attempt instead (locking the todo, so two inserts cannot both pass).
-- bench/ab.ts, 30 rounds, B = this: claim 1.066, complete 1.052, cycle 1.081 (B cheaper in 9/30): the closes were
-- HOT (1,600 of 1,600) but the trigger on every claim costs more than the index writes it saves.
alter table switchboard.todo_attempts drop constraint todo_attempts_one_open;
drop index switchboard.todo_attempts_ended_idx;
alter table switchboard.todo_attempts set (fillfactor = 80);
create or replace function switchboard_internal.attempt_one_open() returns trigger
language plpgsql as $$
begin
  perform 1 from switchboard.todos x where x.id = new.todo_id for no key update;
  if exists (select 1 from switchboard.todo_attempts a
              where a.todo_id = new.todo_id and a.ended_at is null and a.seq <> new.seq) then
    raise exception 'conflicting key value violates exclusion constraint "todo_attempts_one_open"'
      using errcode = 'exclusion_violation', schema = 'switchboard', table = 'todo_attempts', constraint = 'todo_attempts_one_open';
  end if;
  return null;
end $$;
create trigger todo_attempts_one_open after insert or update of ended_at on switchboard.todo_attempts
  for each row when (new.ended_at is null) execute function switchboard_internal.attempt_one_open();
