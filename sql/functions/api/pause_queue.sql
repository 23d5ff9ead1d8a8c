-- pause_queue: pauses a queue: nothing is claimed from it. claim_next passes it over, claim answers
-- throttled, while it still takes adds, and its held todos heartbeat, complete, fail and release as
-- ever. For an owner's personal queue (across all of its endpoints) or, with team_id, a team's
-- queue (an admin of the team). Pausing a paused queue changes nothing. Returns the controls
-- {queue, team_id, paused, max_claimed, claims_per_minute}. Errors: invalid (queue format),
-- not_found (no such owner, or another owner's team), forbidden (a member of the team who is not an
-- admin), throttled (a new control beyond queue_controls_max_per_holder).
--
-- queue: the queue name, 1-128 of letters, digits and _ . : / -.
--
-- Example: select switchboard.pause_queue(owner_id => '<owner_id>', queue => 'deploy');
create or replace function switchboard.pause_queue(owner_id uuid, queue text, team_id uuid default null)
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
  perform switchboard_internal.queue_control_room(v_holder, queue);
  insert into switchboard.queue_controls as c (queue, holder_id, team_id, owner_id, paused)
  values (queue, v_holder, team_id, case when team_id is null then owner_id end, true)
  on conflict on constraint queue_controls_pkey do update set paused = true, updated_at = now();
  return switchboard_internal.queue_controls_json(v_holder, queue, team_id);
end;
$$;
