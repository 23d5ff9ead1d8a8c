-- owner_vend_endpoint: a team admin mints an endpoint in its team, with a verb set frozen from then
-- on. The Board's way; the act itself is switchboard.vend_endpoint's, so the credential is in this
-- answer once and only its SHA-256 is stored. Only an admin of the team may (owner_team_role's
-- rule). Returns what switchboard.vend_endpoint returns. Errors: not_found (not a team the owner is
-- in, answered as an unknown team), forbidden (a member, not an admin), invalid (agent_id, verbs),
-- conflict (a live endpoint of the team already has that agent_id).
--
-- team_id: the team the endpoint is vended in (one the owner is an admin of).
-- agent_id: the agent's name; its workers hold leases as agent:<agent_id>.
-- verbs: the agent verbs it may call; null: every one.
--
-- Example: select switchboard.owner_vend_endpoint(owner_id => '<owner_id>', team_id => '<team_id>',
--   agent_id => 'builder', verbs => array['claim_next', 'heartbeat', 'complete', 'fail']);
create or replace function switchboard.owner_vend_endpoint(owner_id uuid, team_id uuid, agent_id text, verbs text[] default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  perform switchboard_internal.owner_team_role(owner_id, team_id, true);
  return switchboard.vend_endpoint(owner_id, agent_id, verbs, team_id);
end;
$$;
