-- clock_in: the agent verb with which an endpoint clocks itself in (ADR-0027). It is held only by
-- endpoints vended with it. Clocked in, its doorbells ring again (webhook posts, wakes of its long
-- polls), and it is rung once now for each of its queues with a todo claimable, so what came while
-- it was out reaches it. Changes nothing when it already was. Locks the endpoint row. Returns
-- {agent_id, clocked_in, presence_since, changed}. Errors: forbidden (unknown or revoked endpoint,
-- or clock_in not vended).
--
-- Example: select switchboard.clock_in(endpoint_id => '<endpoint_id>');
create or replace function switchboard.clock_in(endpoint_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  perform switchboard_internal.agent(endpoint_id, 'clock_in');
  return switchboard_internal.set_presence(endpoint_id, true) - 'endpoint_id';
end;
$$;
