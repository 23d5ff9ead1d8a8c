-- credential_endpoint (agent): the endpoint a bearer credential names, or null, as
-- switchboard.credential_endpoint. Not raising lets one statement check that a request's credential
-- still names its endpoint and run the verb only then. Reads only. Returns the endpoint id, or null
-- where authenticate would refuse the credential. Errors: none.
create or replace function switchboard_agent.credential_endpoint(credential text)
returns uuid
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.credential_endpoint(credential);
$$;
