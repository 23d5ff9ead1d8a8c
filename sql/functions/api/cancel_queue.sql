-- cancel_queue: the owner cancels a queue's unfinished todos: Cancel for many at once (a purge).
-- For an owner's personal queue (its todos across all of its endpoints) or, with team_id, a team's
-- queue (any member, as Cancel of one of its todos). Each pending, claimed or failed todo (filed
-- for later, waiting for a retry or a dead letter alike) becomes canceled as cancel does it: an
-- open attempt closes canceled/canceled, so its holder's next report is conflict, and a todo filed
-- over A2A wakes its followers. Oldest first; one that another transaction holds is passed over,
-- not waited for. Adds to the queue are not stopped (pause_queue stops claims). Returns {queue,
-- team_id, canceled, more}: more is true when unfinished todos remain (call again). Errors: invalid
-- (queue format, batch_limit below 1 or over the setting cancel_queue_max), not_found (no such
-- owner, or a team the owner is not in).
--
-- queue: the queue name, 1-128 of letters, digits and _ . : / -.
-- batch_limit: at most this many are canceled in one call (default and most: the setting
--   cancel_queue_max, 1000).
--
-- Example: select switchboard.cancel_queue(owner_id => '<owner_id>', queue => 'deploy');
create or replace function switchboard.cancel_queue(
  owner_id uuid,
  queue text,
  team_id uuid default null,
  batch_limit integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_limit integer := switchboard_internal.bulk_limit(batch_limit, 'cancel_queue_max');
  v_scopes uuid[] := switchboard_internal.owner_queue_scopes(owner_id, queue, team_id);
  v_t switchboard.todos;
  v_canceled integer := 0;
  v_more boolean := false;
begin
  -- One more than the batch is locked, to learn whether any remain, and left as it is. Each one through
  -- end_attempt, the one definition of a cancel's transition (the attempt closed and counted).
  for v_t in
    select t.* from switchboard.todos t
     where t.scope_id = any (v_scopes) and t.queue = cancel_queue.queue
       and t.state in ('pending', 'claimed', 'failed')
     order by t.created_at, t.id
     limit v_limit + 1
     for update skip locked
  loop
    if v_canceled = v_limit then
      v_more := true;
      exit;
    end if;
    perform switchboard_internal.end_attempt(v_t, 'canceled', null, null, null);
    v_canceled := v_canceled + 1;
  end loop;
  return jsonb_build_object('queue', queue, 'team_id', team_id, 'canceled', v_canceled, 'more', v_more);
end;
$$;
