-- todo_json: the todo document of a row (todo_doc, its one definition). detail adds payload and
-- routing (claims, get_todo).
create or replace function switchboard_internal.todo_json(t switchboard.todos, detail boolean default false)
returns jsonb
language sql
stable
as $$
  select switchboard_internal.todo_doc(t.id, t.queue, t.title, t.state, t.priority, t.attempt, t.max_attempts, t.owner,
                                       t.lease_expires_at, t.run_at, t.next_retry_at, t.created_at, t.updated_at)
      || case when detail then jsonb_build_object('payload', t.payload, 'routing', t.routing) else '{}'::jsonb end
$$;
