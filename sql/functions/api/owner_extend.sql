-- owner_extend: the Board's Extend, on a lease the owner took from the Board. claimed -> claimed:
-- the lease runs to now + lease_seconds and last_heartbeat_at is stamped on the attempt. Locks the
-- todo row. Returns the todo document. Errors: not_found (unknown or another owner's todo alike),
-- invalid (lease_seconds), conflict (not claimed, held by an agent, or the owner's lease lapsed).
--
-- Example: select switchboard.owner_extend(owner_id => '<owner_id>', todo_id => '<todo_id>',
--   lease_seconds => 3600);
create or replace function switchboard.owner_extend(owner_id uuid, todo_id uuid, lease_seconds integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_lease integer := switchboard_internal.lease_seconds(lease_seconds);
  v_t switchboard.todos := switchboard_internal.owner_hold(owner_id, todo_id);
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
