-- revoke_endpoint: an owner revokes an endpoint. From then on it is forbidden for every verb, and every
-- todo of it that is claimed now has its attempt closed revoked/dead_lettered and becomes a dead letter.
--   Locks: the endpoint row, then its claimed todos. Revoking twice changes nothing more.
--   Returns {endpoint_id, agent_id, revoked_at, todos_dead_lettered}.
--   Errors: not_found (no such endpoint among the owner's; another owner's endpoint looks the same).
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
   where e.id = endpoint_id and e.owner_id = owner_id
   for update;
  if not found then
    perform switchboard_internal.raise('not_found', format('no endpoint %s in this scope', endpoint_id),
                               'list_endpoints shows the endpoints you vended.');
  end if;
  if v_endpoint.revoked_at is null then
    update switchboard.endpoints e set revoked_at = now() where e.id = v_endpoint.id returning * into v_endpoint;
    -- Servers stop trusting the endpoint's credential when this commits (src/mcp/http.ts): a signal naming it by its
    -- opaque tag, authenticated (any login may LISTEN and NOTIFY), never its id or a secret.
    perform switchboard_internal.signal('switchboard_credentials_refused', array['endpoint:' || v_endpoint.id::text]);
    for v_t in
      select x.* from switchboard.todos x
       where x.endpoint_id = v_endpoint.id and x.state = 'claimed'
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
comment on function switchboard.revoke_endpoint(uuid, uuid) is
$$revoke_endpoint(owner_id, endpoint_id) -> {endpoint_id, agent_id, revoked_at, todos_dead_lettered}.
The endpoint becomes forbidden for every verb; each of its claimed todos: claimed -> failed (dead letter), attempt closed
revoked/dead_lettered. Idempotent. Errors: not_found (unknown endpoint or another owner's, indistinguishably).$$;
