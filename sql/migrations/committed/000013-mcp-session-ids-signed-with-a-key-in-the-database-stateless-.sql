--! Previous: sha1:f9abcce76b3507e486309e94a4586ac0b377cec2
--! Hash: sha1:086d9328933f851ab0b0ce9efd96476e13deca55
--! Message: mcp session ids signed with a key in the database: stateless servers issue and recognise them

-- The key MCP session ids are signed with. A server answers an MCP initialize with a session id it signs
-- (HMAC-SHA256 over the endpoint id and a random nonce) and checks the signature of the session id on later
-- requests, so any server on this database recognises any session it or another issued, and none keeps sessions in
-- memory. Read only through switchboard_agent.mcp_session_key(); one row, made here.
create table switchboard_internal.mcp_session_key (
  one boolean primary key default true check (one),
  key bytea not null check (octet_length(key) = 32),
  created_at timestamptz not null default now()
);
comment on table switchboard_internal.mcp_session_key is
  'The key MCP session ids are signed with (one row). Read by switchboard_agent.mcp_session_key(); never returned by a read of the API.';
insert into switchboard_internal.mcp_session_key (key)
values (sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())));
