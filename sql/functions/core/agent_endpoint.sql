-- agent_endpoint: the endpoint id a bearer credential names, for the credential-taking entry points of schema
-- switchboard_agent. forbidden when the credential is unknown, expired or revoked (not told apart); the verb
-- check is the admin verb's own (agent(endpoint_id, verb)), so both paths authorize alike.
create or replace function switchboard_internal.agent_endpoint(credential text)
returns uuid
language plpgsql
stable
as $$
#variable_conflict use_variable
declare
  v_endpoint uuid := (switchboard_internal.credential_endpoint_row(credential)).id;
begin
  if v_endpoint is null then
    perform switchboard_internal.raise('forbidden', 'unknown or revoked credential',
                                       'Ask the owner to vend a new endpoint credential.');
  end if;
  return v_endpoint;
end;
$$;
comment on function switchboard_internal.agent_endpoint(text) is
  'Internal. The endpoint a credential names (current, or previous within its overlap); forbidden when there is none.';
