-- agent_endpoint: the endpoint id a bearer credential names, for the entry points of
-- switchboard_agent. The credential's current or, within its overlap, previous digest; the verb
-- check is the API verb's own (agent(endpoint_id, verb)), so both paths authorize alike. Errors:
-- forbidden (unknown, expired or revoked; not told apart), DETAIL {"credential": "refused"}.
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
    perform switchboard_internal.refuse_credential('unknown or revoked credential');
  end if;
  return v_endpoint;
end;
$$;
