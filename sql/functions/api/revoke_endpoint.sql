-- revoke_endpoint: an owner revokes an endpoint: forbidden from now on, its claimed todos
-- dead-lettered. Every claimed todo of its own scope, and every todo of its team's that its agent
-- holds, has its attempt closed revoked/dead_lettered and becomes a dead letter (the team's todos
-- it added and others hold go on). Locks the endpoint row, then its claimed todos. Revoking twice
-- changes nothing more. Notifies switchboard_credentials_refused with the digests of the
-- credentials it refused (never an id). Returns {endpoint_id, agent_id, revoked_at,
-- todos_dead_lettered}. Errors: not_found (no such endpoint among those the owner manages; another
-- owner's endpoint looks the same).
--
-- endpoint_id: the endpoint to revoke (one the owner manages: it vended it, or it is an admin of
--   its team).
--
-- Example: select switchboard.revoke_endpoint(owner_id => '<owner_id>',
--   endpoint_id => '<endpoint_id>');
create or replace function switchboard.revoke_endpoint(owner_id uuid, endpoint_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_endpoint switchboard.endpoints;
  v_t switchboard.todos;
  v_count integer := 0;
begin
  select e.* into v_endpoint from switchboard.endpoints e
   where e.id = endpoint_id and switchboard_internal.manages_endpoint(owner_id, e.owner_id, e.team_id)
   for update;
  if not found then
    perform switchboard_internal.raise('not_found', format('no endpoint %s in this scope', endpoint_id),
                               'list_endpoints shows the endpoints you vended.');
  end if;
  if v_endpoint.revoked_at is null then
    update switchboard.endpoints e set revoked_at = now() where e.id = v_endpoint.id returning * into v_endpoint;
    -- A hint to servers: forget these credentials (their SHA-256 digests, never an id or a secret) and ask the
    -- database at their next request. Any login may send this notice, so a server never refuses on it alone.
    perform switchboard_internal.notify('switchboard_credentials_refused',
                      concat_ws(',', encode(v_endpoint.credential_sha256, 'hex'), encode(v_endpoint.previous_credential_sha256, 'hex')));
    for v_t in
      -- Its own scope's claimed todos, as before teams; of its team's, only those its agent holds (the team's work
      -- it added goes on: the adder is provenance, not authority).
      select x.* from switchboard.todos x
       where x.state = 'claimed'
         and (x.scope_id = v_endpoint.id
              or (x.scope_id = v_endpoint.team_id and x.owner = 'agent:' || v_endpoint.agent_id))
       order by x.id
       for update
    loop
      perform switchboard_internal.end_attempt(v_t, 'revoked', null, null, null);
      v_count := v_count + 1;
    end loop;
  end if;
  return jsonb_build_object('endpoint_id', v_endpoint.id, 'agent_id', v_endpoint.agent_id,
                            'revoked_at', switchboard_internal.ts(v_endpoint.revoked_at), 'todos_dead_lettered', v_count);
end;
$$;
