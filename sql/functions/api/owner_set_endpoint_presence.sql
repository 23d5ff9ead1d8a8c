-- owner_set_endpoint_presence: an owner clocks one of its endpoints in or out. The Board's and the
-- CLI's way, as set_endpoint_presence does; who may is switchboard_internal.presence_endpoint's
-- rule. Locks the endpoint row. Returns {endpoint_id, agent_id, clocked_in, presence_since,
-- changed}. Errors: invalid (clocked_in null), not_found (not an endpoint the owner may clock;
-- another owner's looks the same as an unknown one), conflict (revoked).
--
-- endpoint_id: the endpoint (one of the owner's).
-- clocked_in: true clocks it in, false out.
--
-- Example: select switchboard.owner_set_endpoint_presence(owner_id => '<owner_id>',
--   endpoint_id => '<endpoint_id>', clocked_in => false);
create or replace function switchboard.owner_set_endpoint_presence(owner_id uuid, endpoint_id uuid, clocked_in boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
begin
  return switchboard_internal.set_presence(switchboard_internal.presence_endpoint(owner_id, endpoint_id), clocked_in);
end;
$$;
