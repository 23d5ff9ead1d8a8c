-- credential_endpoint_row: the live endpoint row a bearer credential names, or null. Compared as a
-- SHA-256 digest: its current credential, or the one rotate_credential replaced while its overlap
-- window lasts; null when there is none (unknown, expired, revoked). The one place that rule lives:
-- authenticate raises forbidden on null, credential_endpoint answers null, and neither needs an
-- exception block (a subtransaction per call) to do so.
create or replace function switchboard_internal.credential_endpoint_row(credential text)
returns switchboard.endpoints
language plpgsql
stable
as $$
#variable_conflict use_variable
declare
  v_endpoint switchboard.endpoints;
begin
  select e.* into v_endpoint from switchboard.endpoints e
   where e.credential_sha256 = switchboard_internal.digest(credential) and e.revoked_at is null;
  if not found then
    select e.* into v_endpoint from switchboard.endpoints e
     where e.previous_credential_sha256 = switchboard_internal.digest(credential)
       and e.previous_credential_expires_at > now() and e.revoked_at is null;
  end if;
  return v_endpoint;
end;
$$;
