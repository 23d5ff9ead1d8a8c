-- authenticate (agent): who a bearer credential is: {endpoint_id, owner_id, agent_id, verbs}, as
-- switchboard.authenticate. What the MCP server asks once per session (the credential's own endpoint and verb
-- set, nothing of anyone else's). forbidden when unknown, expired or revoked.
create or replace function switchboard_agent.authenticate(credential text)
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.authenticate(credential);
$$;
comment on function switchboard_agent.authenticate(text) is
$$authenticate(credential) -> {endpoint_id, owner_id, agent_id, verbs}. As switchboard.authenticate: the endpoint a bearer credential
names, its current or (within the overlap) previous one. Errors: forbidden (unknown, expired or revoked, indistinguishably).$$;
