-- set_endpoint_presence: the DBA clocks any endpoint in or out (ADR-0027). Clocked out, it is rung
-- by no doorbell (no webhook post, no wake of its long polls; counted in metrics'
-- doorbells_skipped) and its claims still open attempts; clocked back in, it is rung once for each
-- of its queues with a todo claimable now. Owners use owner_set_endpoint_presence, agents clock_in
-- and clock_out. Locks the endpoint row. Returns {endpoint_id, agent_id, clocked_in,
-- presence_since, changed}. Errors: invalid (clocked_in null), not_found (no such endpoint),
-- conflict (revoked).
--
-- endpoint_id: the endpoint to clock, any owner's.
-- clocked_in: true clocks it in, false out.
--
-- Example: select switchboard.set_endpoint_presence(endpoint_id => '<endpoint_id>',
--   clocked_in => true);
create or replace function switchboard.set_endpoint_presence(endpoint_id uuid, clocked_in boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
begin
  return switchboard_internal.set_presence(endpoint_id, clocked_in);
end;
$$;
