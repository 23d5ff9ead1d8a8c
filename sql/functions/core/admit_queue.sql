-- admit_queue: whether its queue's controls admit a claim of this todo. Charges the per-minute
-- limiter when it is. The controls are the holder's (the team's for a team todo, else the owner's
-- of the endpoint that added it): paused, max_claimed (live leases of the queue across every scope
-- of the holder, this todo's own excluded) and claims_per_minute (GCRA: at most that many claims in
-- any minute). Locks the control row until the claim commits, so concurrent claims of one
-- controlled queue are admitted one at a time and max_claimed is exact; with skip_locked a row
-- another claim holds answers "not now" at once instead of waiting. Returns null when admitted,
-- else when to retry ('infinity' while paused). Errors: none.
--
-- skip_locked: claim_next's way (pass the queue over); claim waits for the row instead. On that
-- way a queue held back by max_claimed or claims_per_minute is also owed a ring at the retry time
-- (owe_ring, rung by the worker's sweep), so a long poll passed over now is woken when the queue
-- may admit again; a paused queue rings when resumed, and a control row another claim holds owes
-- nothing (that claim is being admitted, and its transaction ends at once).
create or replace function switchboard_internal.admit_queue(todo_id uuid, skip_locked boolean)
returns timestamptz
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_holder uuid;
  v_scope uuid;
  v_team uuid;
  v_queue text;
  v_c switchboard.queue_controls;
  v_held bigint;
  v_t numeric;
  v_tat timestamptz;
begin
  select coalesce(x.team_id, e.owner_id), x.scope_id, x.team_id, x.queue into v_holder, v_scope, v_team, v_queue
    from switchboard.todos x join switchboard.endpoints e on e.id = x.endpoint_id where x.id = todo_id;
  if skip_locked then
    select c.* into v_c from switchboard.queue_controls c where c.queue = v_queue and c.holder_id = v_holder for update skip locked;
    if not found then
      if exists (select 1 from switchboard.queue_controls c where c.queue = v_queue and c.holder_id = v_holder) then
        return now() + interval '1 second'; -- another claim of this queue is being admitted right now
      end if;
      return null;
    end if;
  else
    select c.* into v_c from switchboard.queue_controls c where c.queue = v_queue and c.holder_id = v_holder for update;
    if not found then
      return null;
    end if;
  end if;
  if v_c.paused then
    return 'infinity'::timestamptz;
  end if;
  if v_c.max_claimed is not null then
    -- A fresh snapshot, taken after the row lock: every claim admitted before this one has committed and is counted.
    select count(*) into v_held from (
      select 1 from switchboard.todos x
       where x.queue = v_queue and x.state = 'claimed' and x.lease_expires_at > now() and x.id <> todo_id
         and x.scope_id in (select v_team where v_team is not null
                            union all
                            select e.id from switchboard.endpoints e where v_team is null and e.owner_id = v_holder)
       limit v_c.max_claimed) h;
    if v_held >= v_c.max_claimed then
      if skip_locked then
        perform switchboard_internal.owe_ring(now() + interval '5 seconds', v_scope, v_queue);
      end if;
      return now() + interval '5 seconds';
    end if;
  end if;
  if v_c.claims_per_minute is not null then
    v_t := 60.0 / v_c.claims_per_minute;
    v_tat := greatest(coalesce(v_c.rate_tat, now()), now());
    if v_tat > now() + make_interval(secs => 60.0 - v_t) then
      if skip_locked then
        perform switchboard_internal.owe_ring(v_tat - make_interval(secs => 60.0 - v_t), v_scope, v_queue);
      end if;
      return v_tat - make_interval(secs => 60.0 - v_t);
    end if;
    update switchboard.queue_controls c set rate_tat = v_tat + make_interval(secs => v_t)
     where c.queue = v_queue and c.holder_id = v_holder;
  end if;
  return null;
end;
$$;
