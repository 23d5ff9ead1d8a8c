--! Previous: sha1:ed7c959531ea866f7dfbe0fb3e3bc87e39e14112
--! Hash: sha1:7e2b5f1cf12a9fdd2486b2202c78c1b1a4538c25
--! Message: requesters over A2A: the agent verb cancel, the endpoint's default queue and A2A wake key, and a2a_tasks

-- Requesters over A2A: the agent verb `cancel`, the endpoint's default queue, and what a todo filed over A2A keeps.
--
-- The agent verbs, listed once (000013), now end with `cancel`: a requester cancels a todo it filed (pending, claimed
-- or waiting for a retry -> canceled, an open attempt closed canceled/canceled). Endpoints vended before keep their
-- frozen verb sets, so none of them holds it.
create or replace function switchboard_internal.agent_verbs()
returns text[]
language sql
immutable
parallel safe
as $fn$
  select array['add_todo', 'claim', 'claim_next', 'heartbeat', 'complete', 'fail', 'release', 'get_todo', 'list_todos',
               'cancel']::text[];
$fn$;
comment on function switchboard_internal.agent_verbs() is
  'Internal. The agent verbs in their canonical order: the one list the endpoints CHECK and contract() read.';
revoke all on function switchboard_internal.agent_verbs() from public;

-- The queue a requester's text-only message goes to when it names none (set by the endpoint's owner), and the
-- opaque key the endpoint's A2A todos wake their followers with: NOTIFY switchboard_a2a carries it, never an
-- endpoint id, a todo id or any text (any login may LISTEN). Random per endpoint, so it tells a listener nothing.
alter table switchboard.endpoints
  add column default_queue text
    constraint endpoints_default_queue_format check (default_queue ~ '^[A-Za-z0-9][A-Za-z0-9_.:/-]{0,127}$'),
  add column a2a_wake_key text not null default replace(gen_random_uuid()::text, '-', '');
comment on column switchboard.endpoints.default_queue is
  'Where a requester''s A2A message without a queue goes (switchboard.set_endpoint_default_queue); null: such a message is invalid.';
comment on column switchboard.endpoints.a2a_wake_key is
  'Opaque key NOTIFY switchboard_a2a carries when a todo this endpoint filed over A2A changes; says nothing to a listener.';

-- Set only on todos filed over A2A: the transitions NOTIFY it when such a todo changes, and a todo filed over MCP
-- (null) costs them one null test. Not indexed, so no transition writes one more index entry.
alter table switchboard.todos add column a2a_wake_key text;
comment on column switchboard.todos.a2a_wake_key is
  'The filing endpoint''s a2a_wake_key when the todo was filed over A2A (its transitions NOTIFY switchboard_a2a), else null.';

-- What A2A adds to a todo it filed: the requester's messageId (a retried send returns the same task), its
-- contextId (the task id when it sent none) and the message itself, the first entry of the task's history.
create table if not exists switchboard.a2a_tasks (
  todo_id     uuid primary key references switchboard.todos (id) on delete cascade,
  endpoint_id uuid not null references switchboard.endpoints (id) on delete cascade,
  message_id  text not null constraint a2a_tasks_message_id_size check (octet_length(message_id) between 1 and 256),
  context_id  text not null constraint a2a_tasks_context_id_size check (octet_length(context_id) between 1 and 256),
  message     jsonb not null,
  created_at  timestamptz not null default now(),
  constraint a2a_tasks_message_once unique (endpoint_id, message_id)
);
comment on table switchboard.a2a_tasks is
  'Todos filed over A2A: the requester''s messageId (unique per endpoint: a retried send never files twice), contextId and message.';
revoke all on switchboard.a2a_tasks from public;
grant select on switchboard.a2a_tasks to switchboard_admin;
