-- todo_json: the todo document. detail adds payload and routing (claims, get_todo).
-- Never includes the endpoint id or anything about a lease token. held_by names the lease holder (agent:<id> or
-- owner:<id>); owner is the same value under its old name, kept for callers that read it. lease_lapsed says a
-- claimed todo's lease has run out while nothing has closed it yet (no sweep since, no claim met it).
create or replace function switchboard_internal.todo_json(t switchboard.todos, detail boolean default false)
returns jsonb
language sql
stable
as $$
  select jsonb_build_object(
    'id', t.id,
    'queue', t.queue,
    'title', t.title,
    'state', t.state,
    'priority', t.priority,
    'attempt', t.attempt,
    'max_attempts', t.max_attempts,
    'owner', t.owner,
    'held_by', t.owner,
    'lease_expires_at', switchboard_internal.ts(t.lease_expires_at),
    'lease_lapsed', (t.state = 'claimed' and t.lease_expires_at <= now()),
    'run_at', switchboard_internal.ts(t.run_at),
    'next_retry_at', switchboard_internal.ts(t.next_retry_at),
    'dead_letter', (t.state = 'failed' and t.next_retry_at is null),
    'created_at', switchboard_internal.ts(t.created_at),
    'updated_at', switchboard_internal.ts(t.updated_at))
  || case when detail then jsonb_build_object('payload', t.payload, 'routing', t.routing) else '{}'::jsonb end
$$;
comment on function switchboard_internal.todo_json(switchboard.todos, boolean) is
  'Internal. The todo document (snake_case, RFC 3339 times; held_by = the lease holder, owner its old name; lease_lapsed); detail adds payload and routing.';
