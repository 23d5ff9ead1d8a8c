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
    select x.id into v_id from switchboard.todos x
     where x.scope_id = any(switchboard_internal.agent_scopes(endpoint_id)) and x.queue <> all(v_skip)
       and (x.ready_at <= now() or (x.state = 'claimed' and x.lease_expires_at <= now() and x.attempt < x.max_attempts))
     order by x.priority desc, x.ready_at
     limit 1 for update skip locked;
  end loop;
end;
$$;
