-- authenticate: the endpoint a bearer credential names, compared as a SHA-256 digest. forbidden when the
-- credential is unknown or its endpoint revoked (the two are not told apart).
create or replace function switchboard.authenticate(credential text)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_endpoint switchboard.endpoints;
begin
  select e.* into v_endpoint from switchboard.endpoints e
   where e.credential_sha256 = switchboard._digest(credential) and e.revoked_at is null;
  if not found then
    perform switchboard._raise('forbidden', 'unknown or revoked credential', 'Ask the owner to vend a new endpoint credential.');
  end if;
  return jsonb_build_object('endpoint_id', v_endpoint.id, 'owner_id', v_endpoint.owner_id,
                            'agent_id', v_endpoint.agent_id, 'verbs', to_jsonb(v_endpoint.verbs));
end;
$$;
comment on function switchboard.authenticate(text) is
$$authenticate(credential) -> {endpoint_id, owner_id, agent_id, verbs}. Resolves a bearer credential by its SHA-256.
Errors: forbidden (unknown or revoked, indistinguishably).$$;
