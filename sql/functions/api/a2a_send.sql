-- a2a_send: A2A SendMessage: files a requester's message as a todo and answers its task. add_todo's
-- rules and limits apply. The same message_id from the same endpoint answers the task it filed
-- first, filing nothing (a retried send never files twice; the task's row, unique per (endpoint,
-- message_id), orders concurrent retries); with another message, conflict. The message is kept as
-- the first entry of the task's history. Returns {task, wake_key, created}: the A2A Task, the key
-- its changes NOTIFY switchboard_a2a with, and whether this call filed it. Errors: forbidden
-- (revoked, or add_todo not vended), invalid (message_id, context_id, history_length, queue,
-- message size, or any limit of add_todo), conflict (the message_id was sent before with another
-- message).
--
-- message_id: the A2A messageId, 1..128 bytes: the key a retried send is known by.
-- context_id: the A2A contextId to keep; null: the task id.
-- message: the A2A message as sent (kept as the task's first history entry).
-- queue: the queue to file to; null: the endpoint's default_queue (set by its owner), else invalid.
-- payload: the work, any JSON up to 256 KiB (a text-only message: {"text": ...}).
-- title: a line for humans (the Board), at most 512 bytes.
-- routing: a JSON object up to 16 KiB, stored and returned, never interpreted.
-- priority: -1000..1000; higher is claimed first.
-- max_attempts: claims before a failure or a lapse dead-letters the todo; null: the default.
-- run_at: not claimable before this time; null: now.
-- history_length: how many history messages the answered task carries; null: all; 0: none.
--
-- Example: select switchboard.a2a_send(endpoint_id => '<endpoint_id>', message_id => 'm-1',
--   context_id => null, message => '{"role": "ROLE_USER"}', queue => 'builds');
create or replace function switchboard.a2a_send(
  endpoint_id uuid,
  message_id text,
  context_id text,
  message jsonb,
  queue text default null,
  payload jsonb default '{}',
  title text default null,
  routing jsonb default '{}',
  priority integer default 0,
  max_attempts integer default null,
  run_at timestamptz default null,
  history_length integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_a switchboard.a2a_tasks;
  v_t switchboard.todos;
  v_queue text := queue;
  v_created boolean := false;
  v_id uuid;
begin
  perform switchboard_internal.agent(endpoint_id, 'add_todo');
  if message_id is null or octet_length(message_id) not between 1 and 256 then
    perform switchboard_internal.raise('invalid', 'messageId must be 1-256 bytes', 'Send a unique messageId per message.');
  end if;
  if octet_length(context_id) not between 1 and 256 then
    perform switchboard_internal.raise('invalid', 'contextId must be 1-256 bytes', null);
  end if;
  if history_length < 0 then
    perform switchboard_internal.raise('invalid', 'historyLength must be at least 0', null);
  end if;
  perform switchboard_internal.check_json('message', message, 2 * switchboard_internal.limit_of('json_bytes'));
  select a.* into v_a from switchboard.a2a_tasks a where a.endpoint_id = endpoint_id and a.message_id = message_id;
  if not found then
    if v_queue is null then
      select e.default_queue into v_queue from switchboard.endpoints e where e.id = endpoint_id;
      if v_queue is null then
        perform switchboard_internal.raise('invalid',
          'queue is required: the message names no queue and this endpoint has no default queue',
          'Send a data part {"queue": ..., "payload": ...}, or put "queue" in the message metadata, or ask the owner to set a default queue.');
      end if;
    end if;
    v_id := (switchboard.add_todo(endpoint_id, v_queue, payload, title, routing, priority, max_attempts, run_at) ->> 'id')::uuid;
    -- Not indexed, so this is a HOT update of the row just written: the todo now wakes its A2A followers.
    update switchboard.todos x set a2a_wake_key = e.a2a_wake_key
      from switchboard.endpoints e
     where x.id = v_id and e.id = endpoint_id
    returning x.* into v_t;
    -- The message is taken by its task's row, not by a lock: a concurrent send of the same messageId waits on this
    -- row's unique entry until this transaction ends, and no other login of the database can hold it (any login may
    -- take an advisory lock).
    insert into switchboard.a2a_tasks (todo_id, endpoint_id, message_id, context_id, message)
    values (v_t.id, endpoint_id, message_id, coalesce(context_id, v_t.id::text),
            message || jsonb_build_object('taskId', v_t.id, 'contextId', coalesce(context_id, v_t.id::text), 'role', 'ROLE_USER'))
    on conflict on constraint a2a_tasks_message_once do nothing
    returning * into v_a;
    v_created := found;
    if not v_created then
      -- A send of this messageId committed first while this one ran: its task is the answer, this todo is undone.
      delete from switchboard.todos x where x.id = v_id;
      perform switchboard_internal.uncount_todos(array[v_t.scope_id]);
      select a.* into v_a from switchboard.a2a_tasks a where a.endpoint_id = endpoint_id and a.message_id = message_id;
    end if;
  end if;
  if not v_created then
    -- A messageId names one message: the same id with other content is a client's mistake, never the old task.
    if (v_a.message - 'taskId' - 'contextId' - 'role') <> (coalesce(message, '{}'::jsonb) - 'taskId' - 'contextId' - 'role') then
      perform switchboard_internal.raise('conflict', 'this messageId was sent before with another message',
        'Send a new messageId for a new message; a retry sends the same message again.');
    end if;
    select x.* into v_t from switchboard.todos x where x.id = v_a.todo_id;
  end if;
  return jsonb_build_object(
    'task', switchboard_internal.a2a_task(switchboard_internal.todo_detail(v_t, switchboard_internal.limit_of('attempts_limit_max')),
                                          v_a, history_length),
    'wake_key', v_t.a2a_wake_key,
    'created', v_created);
end;
$$;
