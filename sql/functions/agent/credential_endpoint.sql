-- credential_endpoint (agent): the endpoint a bearer credential names, or null where authenticate would raise
-- forbidden, as switchboard.credential_endpoint. Not raising lets one statement check that a request's
-- credential still names its MCP session's endpoint and run the verb only then.
create or replace function switchboard_agent.credential_endpoint(credential text)
returns uuid
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.credential_endpoint(credential);
$$;
comment on function switchboard_agent.credential_endpoint(text) is
$$credential_endpoint(credential) -> endpoint_id or null. As switchboard.credential_endpoint: the endpoint a credential names, null
where authenticate would raise forbidden.$$;
