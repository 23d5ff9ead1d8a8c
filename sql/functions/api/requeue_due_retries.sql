-- requeue_due_retries: the worker's due-retry sweep: every tenant's failed todos whose retry is due
-- go back to pending. failed -> pending, next_retry_at cleared, ready_at kept (so the queue order
-- holds), the attempt counter unchanged; the doorbell rings for each endpoint and queue, and todos
-- filed over A2A wake their followers (a2a_wake). claim_next takes a due retry even before this
-- runs: the sweep is what wakes the waiters. Picks with FOR UPDATE SKIP LOCKED, earliest due first.
-- Returns the number of todos re-queued. Errors: invalid (batch_limit below 1).
--
-- Example: select switchboard.requeue_due_retries(batch_limit => 1000);
create or replace function switchboard.requeue_due_retries(batch_limit integer default null)
returns integer
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_now timestamptz := now();
  v_count integer;
  v_scopes uuid[];
  v_queues text[];
  v_wakes text[];
begin
  if batch_limit is not null and batch_limit < 1 then
    perform switchboard_internal.raise('invalid', 'batch_limit must be at least 1', null);
  end if;
  with due as (
    select x.id from switchboard.todos x
     where x.next_retry_at <= v_now and x.state = 'failed'
     order by x.next_retry_at
     limit batch_limit
     for update skip locked
  ), moved as (
    update switchboard.todos x
       set state = 'pending', next_retry_at = null, updated_at = v_now
      from due d
     where x.id = d.id
    returning x.scope_id, x.queue, x.a2a_wake_key
  )
  select count(*)::integer, array_agg(m.scope_id), array_agg(m.queue),
         array_agg(distinct m.a2a_wake_key) filter (where m.a2a_wake_key is not null)
    into v_count, v_scopes, v_queues, v_wakes from moved m;
  perform switchboard_internal.a2a_wake(w.key) from unnest(v_wakes) w(key);
  perform switchboard_internal.ring(d.scope_id, d.queue)
     from (select distinct u.scope_id, u.queue from unnest(v_scopes, v_queues) u(scope_id, queue)) d;
  return v_count;
end;
$$;
