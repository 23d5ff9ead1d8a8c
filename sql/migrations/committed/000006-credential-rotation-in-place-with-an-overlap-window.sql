--! Previous: sha1:d0a0271d59b372c1ad36bfde7c77bde4d6a828fb
--! Hash: sha1:1ebca3d9d92a6c097fe65cbd037e42ab8f215151
--! Message: credential rotation in place with an overlap window

-- Credential rotation in place: an endpoint keeps its id, tenancy scope, todos and leases while its credential
-- changes. The previous credential stays valid until previous_credential_expires_at (the overlap window), so
-- a fleet can move to the new one without downtime and without dead-lettering anything.
alter table switchboard.endpoints
  add column previous_credential_sha256 bytea
    constraint endpoints_previous_credential_is_sha256 check (octet_length(previous_credential_sha256) = 32),
  add column previous_credential_expires_at timestamptz,
  add column credential_rotated_at timestamptz,
  add constraint endpoints_previous_credential_has_expiry
    check ((previous_credential_sha256 is null) = (previous_credential_expires_at is null));
create unique index endpoints_previous_credential_key on switchboard.endpoints (previous_credential_sha256)
  where previous_credential_sha256 is not null;
