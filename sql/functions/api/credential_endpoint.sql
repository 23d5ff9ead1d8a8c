-- credential_endpoint: the endpoint a bearer credential names, or null where authenticate would raise forbidden
-- (unknown, expired or revoked credential). Both read _credential_endpoint_row, so the rule lives in one place. Not
-- raising is the point: one statement can authenticate a call and run its verb only for the right endpoint,
-- one round trip instead of two, and the caller can tell a refused credential from a verb's own forbidden:
--   select a.endpoint_id, case when a.endpoint_id = $2::uuid then switchboard.claim_next(endpoint_id => $2::uuid, ...) end
--     from (select switchboard.credential_endpoint(credential => $1::text) as endpoint_id offset 0) a
-- (offset 0 keeps the subquery from being pulled up, so the credential is checked once, before the verb.)
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
comment on function switchboard.credential_endpoint(text) is
$$credential_endpoint(credential) -> endpoint_id or null. The endpoint authenticate would answer for a bearer credential, null where it
would raise forbidden (unknown, expired or revoked), so that one statement can authenticate a call and run its verb.$$;
