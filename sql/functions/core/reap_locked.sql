-- reap_locked: the reaper's transition, for todos the caller has already locked (FOR UPDATE) and found lapsed. One
--   statement, set-based: each todo's open attempt is its head (migration 000010), closed in the same UPDATE.
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
           -- history{
           , head_ended_at = at_time, head_outcome = 'reaped',
           head_disposition = (switchboard_internal.transition('reaped', x.attempt >= x.max_attempts)).disposition
           -- history}
     where x.id = any(todo_ids) and x.state = 'claimed' and x.lease_expires_at <= at_time
    returning x.queue
  -- history{
  ), counted as (
    -- Once per queue, not once per row: 1,000 row-by-row bumps of one counter row walk an ever longer chain of
    -- its versions (~30 % of a reap batch's time, measured when the reaper counted row by row).
    insert into switchboard.attempt_close_counts as c (queue, outcome, shard, n)
    select m.queue, 'reaped', (pg_backend_pid() % 16)::smallint, count(*) from moved m group by m.queue
    on conflict on constraint attempt_close_counts_pkey do update set n = c.n + excluded.n
  -- history}
  )
  select m.queue from moved m;
$$;
comment on function switchboard_internal.reap_locked(uuid[], timestamptz) is
  'Internal. The reaper''s transition for locked, lapsed todos: below the cap -> pending (reaped/requeued), at it -> dead letter (reaped/dead_lettered). Returns the queue of each attempt closed.';
