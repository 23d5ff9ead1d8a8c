-- ring_due_todos: the worker's sweep of the rings owed for later: rings the queues whose time came.
-- Every tenant's queues in which a todo filed with a future run_at has become claimable, or whose
-- controls held a claim_next back until now, are rung (the doorbell and the webhook, as add_todo
-- rings a todo claimable at once). Reads and deletes the due rows of due_rings (written by the
-- insert trigger todos_due_insert and by admit_queue), earliest first, with FOR UPDATE SKIP LOCKED;
-- each scope and queue rings once per batch. A row whose todo was canceled meanwhile still rings:
-- the claims it wakes find nothing. Returns the number of rows swept. Errors: invalid (batch_limit
-- below 1).
--
-- Example: select switchboard.ring_due_todos(batch_limit => 1000);
create or replace function switchboard.ring_due_todos(batch_limit integer default null)
returns integer
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_count integer;
  v_scopes uuid[];
  v_queues text[];
begin
  if batch_limit is not null and batch_limit < 1 then
    perform switchboard_internal.raise('invalid', 'batch_limit must be at least 1', null);
  end if;
  with due as (
    select r.ctid as row_id from switchboard.due_rings r
     where r.due_at <= now()
     order by r.due_at
     limit batch_limit
     for update skip locked
  ), swept as (
    delete from switchboard.due_rings r
     using due d
     where r.ctid = d.row_id
    returning r.scope_id, r.queue
  )
  select count(*)::integer, array_agg(s.scope_id), array_agg(s.queue) into v_count, v_scopes, v_queues from swept s;
  perform switchboard_internal.ring(d.scope_id, d.queue)
     from (select distinct u.scope_id, u.queue from unnest(v_scopes, v_queues) u(scope_id, queue)) d;
  return v_count;
end;
$$;
