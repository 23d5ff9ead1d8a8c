-- resume_queue: resumes a paused queue and rings its doorbells, so claimers waiting on it claim at
-- once. Arguments as pause_queue's. Resuming a queue that is not paused changes nothing but the
-- ring. Returns the controls {queue, team_id, paused, max_claimed, claims_per_minute}. Errors:
-- invalid (queue format), not_found (no such owner, or another owner's team), forbidden (a member
-- of the team who is not an admin).
--
-- queue: the queue name, 1-128 of letters, digits and _ . : / -.
--
-- Example: select switchboard.resume_queue(owner_id => '<owner_id>', queue => 'deploy');
create or replace function switchboard.resume_queue(owner_id uuid, queue text, team_id uuid default null)
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
  update switchboard.queue_controls c set paused = false, updated_at = now()
   where c.queue = queue and c.holder_id = v_holder;
  perform switchboard_internal.ring_queue(v_holder, team_id, queue);
  return switchboard_internal.queue_controls_json(v_holder, queue, team_id);
end;
$$;
