--! Previous: sha1:831c489c3a418a15b48a93bc8c0b329b829169ad
--! Hash: sha1:ed7c959531ea866f7dfbe0fb3e3bc87e39e14112
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
