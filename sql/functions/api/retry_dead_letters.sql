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
  v_max integer := switchboard_internal.setting_int('retry_dead_letters_max', 1000, 1, 100000);
  v_limit integer := coalesce(batch_limit, v_max);
  v_found integer;
  v_retried integer;
  v_scopes uuid[];
  v_wakes text[];
begin
  if v_limit < 1 or v_limit > v_max then
    perform switchboard_internal.raise('invalid',
      format('batch_limit must be between 1 and %s (the setting retry_dead_letters_max)', v_max),
      'Call again while more is true.');
  end if;
  perform switchboard_internal.check_queue(queue);
  if team_id is not null then
    perform switchboard_internal.owner_team_role(owner_id, team_id, false);
  elsif not exists (select 1 from switchboard.owners o where o.id = owner_id) then
    perform switchboard_internal.raise('not_found', format('no owner %s', owner_id), null);
  end if;
  -- One more than the batch is locked, to learn whether any remain, and left as it is.
  with picked as (
    select x.id, row_number() over (order by x.updated_at, x.id) as n
      from (select t.id, t.updated_at from switchboard.todos t
             where t.scope_id = any (case when team_id is null
                                          then array(select e.id from switchboard.endpoints e
                                                      where e.owner_id = retry_dead_letters.owner_id)
                                          else array[team_id] end)
               and t.queue = retry_dead_letters.queue and t.state = 'failed' and t.next_retry_at is null
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
    into v_found, v_retried, v_scopes, v_wakes
    from retried r;
  perform switchboard_internal.ring(s, queue) from unnest(v_scopes) s;
  perform switchboard_internal.a2a_wake(w) from unnest(v_wakes) w;
  return jsonb_build_object('queue', queue, 'team_id', team_id, 'retried', v_retried, 'more', v_found > v_retried);
end;
$$;
