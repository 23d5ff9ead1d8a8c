-- reap_locked: the reaper's transition, for lapsed todos the caller has already locked (FOR
-- UPDATE). One statement, set-based: each todo's open attempt is its head, closed in the same
-- UPDATE. Below its cap a todo goes back to pending, ready now, its attempt closed reaped/requeued;
-- at the cap it becomes a dead letter (failed, no retry), its attempt closed reaped/dead_lettered.
-- reap runs it over a batch; claim_next runs it over one lapsed lease on its last attempt that it
-- met, so the pair a todo gets does not depend on which of the two got there first. Then each
-- endpoint and queue with a todo pending again rings its doorbell (ring) and each dead letter is
-- notified (notify_dead_letter), and the followers of todos filed over A2A are woken (a2a_wake).
-- Returns the queue of each attempt closed (reap counts them).
create or replace function switchboard_internal.reap_locked(todo_ids uuid[], at_time timestamptz)
returns table (queue text)
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_ids uuid[];
  v_seqs integer[];
  v_endpoints uuid[];
  v_scopes uuid[];
  v_queues text[];
  v_caps boolean[];
  v_wakes text[];
begin
  with moved as (
    update switchboard.todos x
       set state = (switchboard_internal.transition('reaped', x.attempt >= x.max_attempts)).state,
           ready_at = case when x.attempt >= x.max_attempts then null else at_time end,
           owner = null, lease_expires_at = null, next_retry_at = null, updated_at = at_time
           -- history{
           , head_ended_at = at_time, head_outcome = 'reaped',
           head_disposition = (switchboard_internal.transition('reaped', x.attempt >= x.max_attempts)).disposition
           -- history}
     where x.id = any(todo_ids) and x.state = 'claimed' and x.lease_expires_at <= at_time
    returning x.id, x.last_seq, x.endpoint_id, x.scope_id, x.queue, x.attempt >= x.max_attempts as at_cap, x.a2a_wake_key
  -- history{
  ), counted as (
    -- Once per queue, not once per row: a thousand row-by-row bumps of one counter row walk an ever longer chain
    -- of its versions.
    insert into switchboard.attempt_close_counts as c (queue, outcome, shard, n)
    select m.queue, 'reaped', (pg_backend_pid() % 16)::smallint, count(*) from moved m group by m.queue
    on conflict on constraint attempt_close_counts_pkey do update set n = c.n + excluded.n
  -- history}
  )
  select array_agg(m.id), array_agg(m.last_seq), array_agg(m.endpoint_id), array_agg(m.scope_id), array_agg(m.queue), array_agg(m.at_cap),
         array_agg(distinct m.a2a_wake_key) filter (where m.a2a_wake_key is not null)
    into v_ids, v_seqs, v_endpoints, v_scopes, v_queues, v_caps, v_wakes
    from moved m;
  perform switchboard_internal.a2a_wake(w.key) from unnest(v_wakes) w(key);
  perform switchboard_internal.notify_dead_letter(u.id, u.seq, u.endpoint_id)
     from unnest(v_ids, v_seqs, v_endpoints, v_caps) u(id, seq, endpoint_id, at_cap)
    where u.at_cap;
  perform switchboard_internal.ring(d.scope_id, d.queue)
     from (select distinct u.scope_id, u.queue from unnest(v_scopes, v_queues, v_caps) u(scope_id, queue, at_cap)
            where not u.at_cap) d;
  return query select u.queue from unnest(v_queues) u(queue);
end;
$$;
