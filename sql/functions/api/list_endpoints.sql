-- list_endpoints: an owner's endpoints, newest first, never with a credential. Only the
-- credentials' digests are stored; each endpoint comes with its presence (clocked_in, and since
-- when) and how many todos its own scope stores (todos_stored, finished ones included until prune:
-- what todos_max_per_scope, given beside the list, bounds). Reads only. Returns {endpoints:
-- [{endpoint_id, agent_id, verbs, default_queue, created_at, revoked_at, clocked_in,
-- presence_since, todos_stored}], todos_max_per_scope}. Errors: none (an unknown owner has no
-- endpoints).
--
-- Example: select switchboard.list_endpoints(owner_id => '<owner_id>');
create or replace function switchboard.list_endpoints(owner_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select jsonb_build_object('endpoints', coalesce(jsonb_agg(jsonb_build_object(
           'endpoint_id', e.id, 'agent_id', e.agent_id, 'verbs', to_jsonb(e.verbs), 'default_queue', e.default_queue,
           'created_at', switchboard_internal.ts(e.created_at), 'revoked_at', switchboard_internal.ts(e.revoked_at),
           'clocked_in', e.clocked_in, 'presence_since', switchboard_internal.ts(e.presence_since),
           'todos_stored', switchboard_internal.stored_todos(e.id))
           order by e.created_at desc, e.id), '[]'::jsonb),
           'todos_max_per_scope', switchboard_internal.todo_quota())
  from switchboard.endpoints e
  where e.owner_id = list_endpoints.owner_id
$$;
