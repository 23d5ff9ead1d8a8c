-- retry_dead_letters: the owner's redrive of a queue's dead letters: Retry now for many at once.
-- For an owner's personal queue (the dead letters of all of its endpoints in that queue) or, with
-- team_id, a team's queue (any member, as Retry now of one of its todos). Each dead letter (failed,
-- no retry scheduled) goes back to pending, claimable now, as retry_now does: the attempt counter
-- restarts, seq and the history continue. Oldest dead letter first; one that another transaction
-- holds is passed over, not waited for. Rings the queue once, and a todo filed over A2A wakes its
-- followers. Returns {queue, team_id, retried, more}: more is true when dead letters remain (call
-- again). Errors: invalid (queue format, batch_limit below 1 or over the setting
-- retry_dead_letters_max), not_found (no such owner, or a team the owner is not in).
--
-- queue: the queue name, 1-128 of letters, digits and _ . : / -.
-- batch_limit: at most this many are retried in one call (default and most: the setting
--   retry_dead_letters_max, 1000).
--
-- Example: select switchboard.retry_dead_letters(owner_id => '<owner_id>', queue => 'deploy');
create or replace function switchboard.retry_dead_letters(
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
  v_limit integer := switchboard_internal.bulk_limit(batch_limit, 'retry_dead_letters_max');
  v_scopes uuid[] := switchboard_internal.owner_queue_scopes(owner_id, queue, team_id);
  v_found integer;
  v_retried integer;
  v_retried_scopes uuid[];
  v_wakes text[];
begin
  -- One more than the batch is locked, to learn whether any remain, and left as it is.
  with picked as (
    select x.id, row_number() over (order by x.updated_at, x.id) as n
      from (select t.id, t.updated_at from switchboard.todos t
             where t.scope_id = any (v_scopes) and t.queue = retry_dead_letters.queue
               and t.state = 'failed' and t.next_retry_at is null
             order by t.updated_at, t.id
             limit v_limit + 1
             for update skip locked) x
  ), retried as (
    update switchboard.todos x
       set state = 'pending', attempt = 0, next_retry_at = null, ready_at = now(), updated_at = now()
      from picked p
     where x.id = p.id and p.n <= v_limit
    returning x.scope_id, x.a2a_wake_key
  )
  select (select count(*) from picked)::integer, count(*)::integer, array_agg(distinct r.scope_id),
         array_agg(distinct r.a2a_wake_key) filter (where r.a2a_wake_key is not null)
    into v_found, v_retried, v_retried_scopes, v_wakes
    from retried r;
  perform switchboard_internal.ring(s, queue) from unnest(v_retried_scopes) s;
  perform switchboard_internal.a2a_wake(w) from unnest(v_wakes) w;
  return jsonb_build_object('queue', queue, 'team_id', team_id, 'retried', v_retried, 'more', v_found > v_retried);
end;
$$;
