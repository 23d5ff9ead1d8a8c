--! Previous: sha1:5a89b107ab5c3033b64da141923eaafaeb23dd88
--! Hash: sha1:f00158446b6c11da84e9a9ecfac28f61e4170506
--! Message: rings owed for later: a todo filed with a future run_at, and a queue whose limits held a claim_next back, ring their queue when the time comes (due_rings, swept by the worker)

-- A todo filed for later (run_at in the future) rang nobody when its time came: the insert trigger rings only a todo
-- claimable at once, and nothing moves a pending todo when its run_at passes, so a long-polling agent got it only at
-- its next claim_next and a doorbell_url endpoint never heard of it. Nor did a queue whose limits (max_claimed,
-- claims_per_minute) passed a claim_next over ring when it could admit again. Such rings are now owed here: a row per
-- todo filed for later (the insert trigger todos_due_insert; deleted with its todo, so a tenant's rows are bounded by
-- its todos), and a row per scope, queue and second for a queue held back (admit_queue, todo_id null). The worker's
-- sweep (switchboard.ring_due_todos, beside requeue_due_retries) deletes the rows come due and rings their queues.
-- The claim and complete of a queue without controls never touch the table.
create table switchboard.due_rings (
  due_at timestamptz not null,
  scope_id uuid not null,
  queue text not null,
  todo_id uuid references switchboard.todos (id) on delete cascade,
  unique nulls not distinct (due_at, scope_id, queue, todo_id)
);
create index due_rings_todo_idx on switchboard.due_rings (todo_id) where todo_id is not null;
comment on table switchboard.due_rings is
  'Rings owed to queues for later, rung by the worker''s sweep (switchboard.ring_due_todos) once due_at (a whole second) has passed: one row per todo filed with a future run_at (todo_id; written by the insert trigger todos_due_insert, deleted with the todo), and one per scope, queue and second at which a queue whose controls held a claim_next back may admit again (todo_id null; written by admit_queue).';
grant select on switchboard.due_rings to switchboard_admin;

-- The todos already waiting for their run_at owe their ring too.
insert into switchboard.due_rings (due_at, scope_id, queue, todo_id)
select date_trunc('second', t.ready_at) + case when t.ready_at > date_trunc('second', t.ready_at) then interval '1 second' else interval '0' end,
       t.scope_id, t.queue, t.id
  from switchboard.todos t
 where t.state = 'pending' and t.ready_at > now();
