-- credential_endpoint: the endpoint a bearer credential names, or null where authenticate would
-- refuse it. Not raising is the point: one statement can authenticate a call and run its verb only
-- for the right endpoint, in one round trip, and the caller can tell a refused credential from a
-- verb's own forbidden. Reads only. Returns the endpoint id, or null (the credential is unknown,
-- expired or its endpoint revoked). Errors: none.
--
-- In the example, offset 0 keeps the subquery from being pulled up, so the credential is checked
-- once, before the verb.
--
-- Example: select a.endpoint_id, case when a.endpoint_id = '<endpoint_id>'
--                                then switchboard.claim_next(endpoint_id => a.endpoint_id) end
--   from (select switchboard.credential_endpoint(credential => 'sbk_…') as endpoint_id offset 0) a;
create or replace function switchboard.credential_endpoint(credential text)
returns uuid
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_endpoint switchboard.endpoints := switchboard_internal.credential_endpoint_row(credential);
begin
  return v_endpoint.id;
end;
$$;
