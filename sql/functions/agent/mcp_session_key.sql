-- mcp_session_key (agent): the key the MCP server signs and checks session ids with. Every server
-- on this database then recognises a session id any of them issued. A session id carries no
-- authority (the credential does); it is provenance on the attempts. Reads the one row of
-- switchboard_internal.mcp_session_key; changes nothing; takes no lock. Returns the key (32 bytes,
-- bytea). Errors: none.
create or replace function switchboard_agent.mcp_session_key()
returns bytea
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select k.key from switchboard_internal.mcp_session_key k;
$$;
