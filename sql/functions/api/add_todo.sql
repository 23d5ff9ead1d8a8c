-- add_todo: creates a pending todo in the endpoint's scope, or its team's on a team queue. In the
-- team's scope when the endpoint was vended in a team and the queue is one of the team's queues
-- (the endpoint stays on the todo as who added it, never as authority); else in the endpoint's own.
-- The todo is pending, claimable from run_at (now when null). The title is stored without control
-- or invisible formatting characters (clean_text). Returns the todo document. Errors: forbidden
-- (the endpoint is revoked, or add_todo was not vended to it), invalid (any limit below), conflict
-- (the idempotency_key filed a todo with other arguments), throttled (the scope stores
-- todos_max_per_scope todos already, finished ones included until retention deletes them).
--
-- queue: the queue name, 1-128 of letters, digits and _ . : / - (it appears in metrics labels and
--   doorbells).
-- payload: the work, any JSON up to 256 KiB; returned to whoever claims the todo.
-- title: a line for humans (the Board), at most 512 bytes.
-- routing: a JSON object up to 16 KiB, stored and returned, never interpreted.
-- priority: -1000..1000; higher is claimed first.
-- max_attempts: claims before a failure or a lapse dead-letters the todo, 1..1000; null: the
--   setting default_max_attempts (5).
-- run_at: not claimable before this time; null: now. A finite time in the years 0001-9999 (what RFC
--   3339 can write).
-- idempotency_key: 1-256 bytes, scoped to the endpoint: the same key again answers the todo it
--   filed and files nothing (concurrent calls with one key file one todo: the key's row orders
--   them, which no other login can hold); with other arguments, conflict. A key lasts as long as
--   its todo (prune deletes it with the todo). null: no key.
--
-- Example: select switchboard.add_todo(endpoint_id => '<endpoint_id>', queue => 'builds',
--   payload => '{"repo": "x"}', title => 'fix arm64');
create or replace function switchboard.add_todo(
  endpoint_id uuid,
  queue text,
  payload jsonb default '{}',
  title text default null,
  routing jsonb default '{}',
  priority integer default 0,
  max_attempts integer default null,
  run_at timestamptz default null,
  idempotency_key text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
begin
  return (switchboard_internal.file_todo(endpoint_id, queue, payload, title, routing, priority, max_attempts, run_at,
                                         idempotency_key)).todo;
end;
$$;
