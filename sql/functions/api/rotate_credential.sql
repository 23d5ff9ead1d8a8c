-- rotate_credential: an owner replaces an endpoint's credential in place, the old one working a
-- while. The endpoint keeps its id, verb set, todos and leases, so nothing is dead-lettered and no
-- todo changes hands. The new credential is returned once and stored as SHA-256; the one it
-- replaces keeps working for overlap_seconds, so a fleet can move without downtime, and one older
-- than that stops at once. Notifies switchboard_credentials_refused with the digests of the
-- credentials it stops at once. Locks the endpoint row. Returns {endpoint_id, agent_id, verbs,
-- credential, previous_valid_until, rotated_at}. Errors: not_found (not an endpoint this owner
-- manages; another owner's looks the same), conflict (the endpoint is revoked), invalid
-- (overlap_seconds out of range).
--
-- endpoint_id: the endpoint whose credential is replaced (one the owner manages: it vended it, or
--   it is an admin of its team).
-- overlap_seconds: how long the replaced credential keeps working, 0..604800 (7 days); 0: not at
--   all.
--
-- Example: select switchboard.rotate_credential(owner_id => '<owner_id>',
--   endpoint_id => '<endpoint_id>', overlap_seconds => 600);
create or replace function switchboard.rotate_credential(owner_id uuid, endpoint_id uuid, overlap_seconds integer default 3600)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_endpoint switchboard.endpoints;
  v_credential text := switchboard_internal.shard_secret('sbk', switchboard_internal.shard_slot(endpoint_id));
  v_now timestamptz := now();
  v_refused text;
begin
  if overlap_seconds is null or overlap_seconds not between 0 and 604800 then
    perform switchboard_internal.raise('invalid', 'overlap_seconds must be between 0 and 604800', null);
  end if;
  select e.* into v_endpoint from switchboard.endpoints e
   where e.id = endpoint_id and switchboard_internal.manages_endpoint(owner_id, e.owner_id, e.team_id)
   for update;
  if not found then
    perform switchboard_internal.raise('not_found', format('no endpoint %s in this scope', endpoint_id),
                               'list_endpoints shows the endpoints you vended.');
  end if;
  if v_endpoint.revoked_at is not null then
    perform switchboard_internal.raise('conflict', format('endpoint %s is revoked', endpoint_id),
                               'A revoked endpoint stays revoked; vend a new one.');
  end if;
  -- The credentials this rotation stops at once: the current one when there is no overlap, and the one an earlier
  -- rotation left in its overlap (only one replaced credential is kept).
  v_refused := concat_ws(',',
    case when overlap_seconds = 0 then encode(v_endpoint.credential_sha256, 'hex') end,
    case when v_endpoint.previous_credential_expires_at > v_now then encode(v_endpoint.previous_credential_sha256, 'hex') end);
  update switchboard.endpoints e
     set previous_credential_sha256 = case when overlap_seconds > 0 then e.credential_sha256 end,
         previous_credential_expires_at = case when overlap_seconds > 0 then v_now + make_interval(secs => overlap_seconds) end,
         credential_sha256 = switchboard_internal.digest(v_credential),
         credential_rotated_at = v_now
   where e.id = v_endpoint.id
  returning e.* into v_endpoint;
  -- A hint to servers to forget those credentials (their digests only) and ask the database at their next request.
  if v_refused <> '' then
    perform switchboard_internal.notify('switchboard_credentials_refused', v_refused);
  end if;
  return jsonb_build_object('endpoint_id', v_endpoint.id, 'agent_id', v_endpoint.agent_id,
                            'verbs', to_jsonb(v_endpoint.verbs), 'credential', v_credential,
                            'previous_valid_until', switchboard_internal.ts(v_endpoint.previous_credential_expires_at),
                            'rotated_at', switchboard_internal.ts(v_now));
end;
$$;
