-- reap_locked: the reaper's transition, for todos the caller has already locked (FOR UPDATE) and found lapsed.
--   Below its cap a todo goes back to pending, ready now, its attempt closed reaped/requeued; at the cap it
--   becomes a dead letter (failed, no retry), its attempt closed reaped/dead_lettered. reap runs it over a batch;
--   claim_next runs it over one lapsed lease on its last attempt that it met, so the pair a todo gets does not
--   depend on which of the two got there first. Returns the queue of each attempt closed (reap counts them).
create or replace function switchboard_internal.reap_locked(todo_ids uuid[], at_time timestamptz)
returns table (queue text)
language sql
volatile
as $$
  with moved as (
    update switchboard.todos x
       set state = (switchboard_internal.transition('reaped', x.attempt >= x.max_attempts)).state,
           ready_at = case when x.attempt >= x.max_attempts then null else at_time end,
           owner = null, lease_expires_at = null, next_retry_at = null, updated_at = at_time
     where x.id = any(todo_ids) and x.state = 'claimed' and x.lease_expires_at <= at_time
    returning x.id, x.last_seq, x.queue, x.attempt >= x.max_attempts as at_cap
  ), closed as (
    update switchboard.todo_attempts a
       set ended_at = at_time, outcome = 'reaped',
           disposition = (switchboard_internal.transition('reaped', m.at_cap)).disposition
      from moved m
     where a.todo_id = m.id and a.seq = m.last_seq and a.ended_at is null
    returning m.queue
  ), counted as (
    -- Once per queue, not once per row: 1,000 row-by-row bumps of one counter row walk an ever longer chain of
    -- its versions (~30 % of a reap batch's time, measured when the reaper counted row by row).
    insert into switchboard.attempt_close_counts as c (queue, outcome, shard, n)
    select k.queue, 'reaped', (pg_backend_pid() % 16)::smallint, count(*) from closed k group by k.queue
    on conflict on constraint attempt_close_counts_pkey do update set n = c.n + excluded.n
  )
  select k.queue from closed k;
$$;
comment on function switchboard_internal.reap_locked(uuid[], timestamptz) is
  'Internal. The reaper''s transition for locked, lapsed todos: below the cap -> pending (reaped/requeued), at it -> dead letter (reaped/dead_lettered). Returns the queue of each attempt closed.';
