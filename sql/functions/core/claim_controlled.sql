-- claim_controlled: claim_next's pick when the todo it found is in a queue with controls. Controls:
-- pause, max_claimed, claims_per_minute. Admits the found todo (admit_queue, skipping a control row
-- another claim holds); when its queue holds it back, claim_next of one queue answers empty, and
-- claim_next of any queue picks the best claimable todo of the endpoint's scopes outside the queues
-- held back so far (FOR UPDATE SKIP LOCKED), and so on. Returns the todo to claim, or no row.
-- Errors: none.
create or replace function switchboard_internal.claim_controlled(endpoint_id uuid, queue text, first_id uuid)
returns table (todo_id uuid, todo_queue text, has_head boolean, lapsed boolean)
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_skip text[] := '{}'::text[];
  v_id uuid := first_id;
  v_queue text;
  v_has_head boolean;
  v_lapsed boolean;
  v_scopes uuid[];
  v_cand record;
  v_offered boolean;
begin
  for i in 1..32 loop
    exit when v_id is null;
    select x.queue, x.head_claimer_kind is not null, x.state = 'claimed' into v_queue, v_has_head, v_lapsed
      from switchboard.todos x where x.id = v_id;
    if switchboard_internal.admit_queue(v_id, true) is null then
      return query select v_id, v_queue, v_has_head, v_lapsed;
      return;
    end if;
    exit when queue is not null;
    v_skip := v_skip || v_queue;
    v_scopes := coalesce(v_scopes, switchboard_internal.agent_scopes(endpoint_id));
    -- The next best outside the queues held back. Not one ordered search of the scopes' todos: a queue held back
    -- may hold most of them (a paused backlog), and walking past it at every claim would cost the whole backlog.
    -- Instead each remaining queue offers its best (a skip over todos_ready_queue_idx, one probe per queue with a
    -- ready todo), beside the lapsed leases below their cap; they are locked best first, SKIP LOCKED.
    v_id := null;
    v_offered := false;
    for v_cand in
      with recursive q (scope_id, queue) as (
        select s.id, (select x.queue from switchboard.todos x
                       where x.scope_id = s.id and x.ready_at is not null order by x.queue limit 1)
          from unnest(v_scopes) s(id)
        union all
        select q.scope_id, (select x.queue from switchboard.todos x
                             where x.scope_id = q.scope_id and x.ready_at is not null and x.queue > q.queue
                             order by x.queue limit 1)
          from q where q.queue is not null)
      select c.id, c.priority, c.ready_at
        from q cross join lateral (
          select x.id, x.priority, x.ready_at from switchboard.todos x
           where x.scope_id = q.scope_id and x.queue = q.queue and x.ready_at <= now()
           order by x.priority desc, x.ready_at limit 1) c
       where q.queue <> all(v_skip)
      union all
      select x.id, x.priority, x.ready_at from switchboard.todos x
       where x.scope_id = any(v_scopes) and x.state = 'claimed' and x.lease_expires_at <= now()
         and x.attempt < x.max_attempts and x.queue <> all(v_skip)
      order by 2 desc, 3
      limit 32
    loop
      v_offered := true;
      select x.id into v_id from switchboard.todos x
       where x.id = v_cand.id
         and (x.ready_at <= now() or (x.state = 'claimed' and x.lease_expires_at <= now() and x.attempt < x.max_attempts))
       for update skip locked;
      exit when v_id is not null;
    end loop;
    -- Every queue's best was taken by a concurrent claimer: the ordered search finds the next one they left. (None
    -- offered: nothing outside the queues held back is claimable, and the search would find nothing.)
    if v_id is null and v_offered then
      select x.id into v_id from switchboard.todos x
       where x.scope_id = any(v_scopes) and x.queue <> all(v_skip)
         and (x.ready_at <= now() or (x.state = 'claimed' and x.lease_expires_at <= now() and x.attempt < x.max_attempts))
       order by x.priority desc, x.ready_at
       limit 1 for update skip locked;
    end if;
  end loop;
end;
$$;
