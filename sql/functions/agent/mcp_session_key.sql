-- mcp_session_key (agent): the key the MCP server signs and checks session ids with (32 bytes), so that every
-- server on this database recognises a session id any of them issued. Reads the one row of
-- switchboard_internal.mcp_session_key; changes nothing; takes no lock. Errors: none.
create or replace function switchboard_agent.mcp_session_key()
returns bytea
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select k.key from switchboard_internal.mcp_session_key k;
$$;
comment on function switchboard_agent.mcp_session_key() is
$$mcp_session_key() -> bytea (32 bytes). The key MCP session ids are signed with (HMAC-SHA256), the same for every server on this
database. For the MCP server only: a session id carries no authority (the credential does), it is provenance on the attempts.$$;
