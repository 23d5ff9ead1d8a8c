-- authenticate (agent): who a bearer credential is, as switchboard.authenticate answers it. What
-- the MCP server asks of a credential: its own endpoint and verb set, nothing of anyone else's.
-- Reads only. Returns {endpoint_id, owner_id, agent_id, verbs}. Errors: forbidden (unknown, expired
-- or revoked; not told apart).
create or replace function switchboard_agent.authenticate(credential text)
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.authenticate(credential);
$$;
