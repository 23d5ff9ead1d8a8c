-- clock_out: the agent verb with which an endpoint clocks itself out (ADR-0027). It is held only by
-- endpoints vended with it. Clocked out, it gets no doorbells (no webhook post, no wake of its long
-- polls; a waiting claim_next still ends at its deadline), while its claims still open attempts
-- exactly as before: presence gates doorbells, never history. Changes nothing when it already was.
-- Locks the endpoint row. Returns {agent_id, clocked_in, presence_since, changed}. Errors:
-- forbidden (unknown or revoked endpoint, or clock_out not vended).
--
-- Example: select switchboard.clock_out(endpoint_id => '<endpoint_id>');
create or replace function switchboard.clock_out(endpoint_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  perform switchboard_internal.agent(endpoint_id, 'clock_out');
  return switchboard_internal.set_presence(endpoint_id, false) - 'endpoint_id';
end;
$$;
