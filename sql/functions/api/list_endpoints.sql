-- list_endpoints: an owner's endpoints, newest first, without credentials (only digests exist), each with its
-- presence (clocked_in, and since when).
create or replace function switchboard.list_endpoints(owner_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select jsonb_build_object('endpoints', coalesce(jsonb_agg(jsonb_build_object(
           'endpoint_id', e.id, 'agent_id', e.agent_id, 'verbs', to_jsonb(e.verbs),
           'created_at', switchboard_internal.ts(e.created_at), 'revoked_at', switchboard_internal.ts(e.revoked_at),
           'clocked_in', e.clocked_in, 'presence_since', switchboard_internal.ts(e.presence_since))
           order by e.created_at desc, e.id), '[]'::jsonb))
  from switchboard.endpoints e
  where e.owner_id = list_endpoints.owner_id
$$;
comment on function switchboard.list_endpoints(uuid) is
$$list_endpoints(owner_id) -> {endpoints: [{endpoint_id, agent_id, verbs, created_at, revoked_at, clocked_in, presence_since}]}, newest
first. Never a credential.$$;
