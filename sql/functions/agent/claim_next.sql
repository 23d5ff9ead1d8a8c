-- claim_next (agent): switchboard.claim_next for the endpoint that the bearer credential names. The
-- credential is digested inside the statement that runs the verb, so a connection holding
-- switchboard_agent and no valid credential can do nothing. Returns what switchboard.claim_next
-- returns. Errors: forbidden (an unknown, expired or revoked credential, or a verb outside the
-- endpoint's frozen set), then those of switchboard.claim_next.
create or replace function switchboard_agent.claim_next(
  credential text,
  queue text default null,
  claimant text default null,
  require_fence boolean default false,
  lease_seconds integer default null,
  mcp_session_id text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.claim_next(switchboard_internal.agent_endpoint(credential), queue, claimant, require_fence, lease_seconds, mcp_session_id);
end;
$$;
