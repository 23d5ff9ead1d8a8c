-- heartbeat: the holder extends its lease and is heard from. claimed -> claimed: the lease runs to
-- now + lease_seconds and last_heartbeat_at is stamped on the attempt. Locks the todo row. Returns
-- the todo document. Errors: forbidden, not_found, invalid (lease_seconds), conflict (not claimed,
-- or the caller does not hold the live lease: another holder, lapsed, or a fence not satisfied).
--
-- Example: select switchboard.heartbeat(endpoint_id => '<endpoint_id>', todo_id => '<todo_id>',
--   lease_seconds => 600);
create or replace function switchboard.heartbeat(
  endpoint_id uuid,
  todo_id uuid,
  lease_token text default null,
  lease_seconds integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_agent text := switchboard_internal.agent(endpoint_id, 'heartbeat');
  v_lease integer := switchboard_internal.lease_seconds(lease_seconds);
  v_t switchboard.todos := switchboard_internal.hold_agent(endpoint_id, todo_id, v_agent, lease_token);
  v_now timestamptz := now();
begin
  -- One write: the attempt being heartbeated is the todo's head, on the same row as the lease.
  update switchboard.todos x
     set lease_expires_at = v_now + make_interval(secs => v_lease), updated_at = v_now
         -- history{
         , head_last_heartbeat_at = v_now, head_lease_expires_at = v_now + make_interval(secs => v_lease)
         -- history}
   where x.id = v_t.id
  returning x.* into v_t;
  return switchboard_internal.todo_json(v_t);
end;
$$;
