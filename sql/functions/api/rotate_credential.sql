-- rotate_credential: an owner replaces an endpoint's credential in place. The endpoint keeps its id, verb
--   set, todos and leases (its tenancy scope), so nothing is dead-lettered and no todo changes hands. The new
--   credential is returned once and stored as SHA-256; the one it replaces keeps working for
--   overlap_seconds (default 3600, 0 = not at all, at most 7 days) so a fleet can move without downtime. A
--   credential older than that one is invalid at once. Locks the endpoint row.
--   Returns {endpoint_id, agent_id, verbs, credential, previous_valid_until, rotated_at}.
--   Errors: not_found (not an endpoint of this owner; another owner's looks the same),
--           conflict (the endpoint is revoked), invalid (overlap_seconds out of range).
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
  v_credential text := 'sbk_' || switchboard_internal.random_token(32);
  v_now timestamptz := now();
begin
  if overlap_seconds is null or overlap_seconds not between 0 and 604800 then
    perform switchboard_internal.raise('invalid', 'overlap_seconds must be between 0 and 604800', null);
  end if;
  select e.* into v_endpoint from switchboard.endpoints e
   where e.id = endpoint_id and e.owner_id = owner_id
   for update;
  if not found then
    perform switchboard_internal.raise('not_found', format('no endpoint %s in this scope', endpoint_id),
                               'list_endpoints shows the endpoints you vended.');
  end if;
  if v_endpoint.revoked_at is not null then
    perform switchboard_internal.raise('conflict', format('endpoint %s is revoked', endpoint_id),
                               'A revoked endpoint stays revoked; vend a new one.');
  end if;
  update switchboard.endpoints e
     set previous_credential_sha256 = case when overlap_seconds > 0 then e.credential_sha256 end,
         previous_credential_expires_at = case when overlap_seconds > 0 then v_now + make_interval(secs => overlap_seconds) end,
         credential_sha256 = switchboard_internal.digest(v_credential),
         credential_rotated_at = v_now
   where e.id = v_endpoint.id
  returning e.* into v_endpoint;
  -- With no overlap the replaced credential stops now: servers close the sessions it opened (src/mcp/http.ts), told by
  -- a signal naming the endpoint by its opaque tag (switchboard_internal.signal), never its id.
  if overlap_seconds = 0 then
    perform switchboard_internal.signal('switchboard_credentials_refused', array['endpoint:' || v_endpoint.id::text]);
  end if;
  return jsonb_build_object('endpoint_id', v_endpoint.id, 'agent_id', v_endpoint.agent_id,
                            'verbs', to_jsonb(v_endpoint.verbs), 'credential', v_credential,
                            'previous_valid_until', switchboard_internal.ts(v_endpoint.previous_credential_expires_at),
                            'rotated_at', switchboard_internal.ts(v_now));
end;
$$;
comment on function switchboard.rotate_credential(uuid, uuid, integer) is
$$rotate_credential(owner_id, endpoint_id, overlap_seconds 3600) -> {endpoint_id, agent_id, verbs, credential, previous_valid_until, rotated_at}.
Replaces the endpoint's credential in place (same endpoint, todos and leases; nothing dead-lettered). The new credential is shown
once, stored as SHA-256; the replaced one keeps working for overlap_seconds (0..604800; 0 = not at all), older ones stop at once.
Errors: not_found (not the owner's endpoint, indistinguishably), conflict (revoked), invalid (overlap_seconds).$$;
