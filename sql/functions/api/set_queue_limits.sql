-- set_queue_limits: sets or lifts a queue's flow limits. At most max_claimed of its todos held at
-- once across every claimer, at most claims_per_minute claims. For an owner's personal queue
-- (across all of its endpoints) or, with team_id, a team's queue (an admin of the team). null lifts
-- a limit; with neither limit nor a pause left, the queue has no controls and claims pay nothing
-- for them. claim_next passes over a queue at its limit; claim of its todo answers throttled. Locks
-- the control row. Returns the controls {queue, team_id, paused, max_claimed, claims_per_minute}.
-- Errors: invalid (queue format, a limit out of range), not_found (no such owner, or another
-- owner's team), forbidden (a member of the team who is not an admin), throttled (a new control
-- beyond queue_controls_max_per_holder).
--
-- queue: the queue name, 1-128 of letters, digits and _ . : / -.
-- max_claimed: 1..1000000 todos held at once; null: no limit.
-- claims_per_minute: 1..60000 claims in any minute; null: no limit.
--
-- Example: select switchboard.set_queue_limits(owner_id => '<owner_id>', queue => 'deploy',
--   max_claimed => 3);
create or replace function switchboard.set_queue_limits(
  owner_id uuid,
  queue text,
  max_claimed integer default null,
  claims_per_minute integer default null,
  team_id uuid default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_holder uuid := switchboard_internal.queue_holder(owner_id, queue, team_id);
begin
  if max_claimed not between 1 and 1000000 or claims_per_minute not between 1 and 60000 then
    perform switchboard_internal.raise('invalid', 'max_claimed must be 1-1000000 and claims_per_minute 1-60000 (null: no limit)', null);
  end if;
  if max_claimed is not null or claims_per_minute is not null then
    perform switchboard_internal.queue_control_room(v_holder, queue); -- clearing the limits takes no room
  end if;
  insert into switchboard.queue_controls as c (queue, holder_id, team_id, owner_id, max_claimed, claims_per_minute)
  values (queue, v_holder, team_id, case when team_id is null then owner_id end, max_claimed, claims_per_minute)
  on conflict on constraint queue_controls_pkey do update
    set max_claimed = excluded.max_claimed, claims_per_minute = excluded.claims_per_minute, updated_at = now();
  -- Raising a limit frees capacity: waiting claimers may go on.
  perform switchboard_internal.ring_queue(v_holder, team_id, queue);
  return switchboard_internal.queue_controls_json(v_holder, queue, team_id);
end;
$$;
