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
--   filed and files nothing (concurrent calls with one key file one todo; an advisory lock on
--   (endpoint, key) orders them); with other arguments, conflict. A key lasts as long as its todo
--   (prune deletes it with the todo). null: no key.
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
#variable_conflict use_variable
declare
  v_t switchboard.todos;
  v_team uuid;
  v_args bytea;
  v_key switchboard.todo_keys;
begin
  perform switchboard_internal.agent(endpoint_id, 'add_todo');
  perform switchboard_internal.check_queue(queue);
  title := switchboard_internal.clean_text(title);
  if octet_length(title) > switchboard_internal.limit_of('title_bytes') then
    perform switchboard_internal.raise('invalid', format('title is longer than %s bytes', switchboard_internal.limit_of('title_bytes')), null);
  end if;
  perform switchboard_internal.check_json('payload', payload, switchboard_internal.limit_of('json_bytes'));
  perform switchboard_internal.check_json('routing', routing, switchboard_internal.limit_of('routing_bytes'), true);
  if priority is not null and priority not between -1000 and 1000 then
    perform switchboard_internal.raise('invalid', 'priority must be between -1000 and 1000', null);
  end if;
  if max_attempts is not null and max_attempts not between 1 and 1000 then
    perform switchboard_internal.raise('invalid', 'max_attempts must be between 1 and 1000', null);
  end if;
  -- Documents write times as RFC 3339, which has four-digit years: anything else (infinity included) could
  -- not be written back, and an infinite run_at would never, or always, be due.
  if run_at is not null and not (run_at >= '0001-01-01T00:00:00Z' and run_at < '10000-01-01T00:00:00Z') then
    perform switchboard_internal.raise('invalid', 'run_at must be a finite time in the years 0001-9999', 'Send an RFC 3339 time, or leave run_at out for now.');
  end if;
  if idempotency_key is not null then
    if octet_length(idempotency_key) not between 1 and 256 then
      perform switchboard_internal.raise('invalid', 'idempotency_key must be 1-256 bytes', 'Send one key per todo you mean to file, the same on a retry.');
    end if;
    -- The arguments as given (defaults filled in where add_todo's are fixed): a retry sends the same ones.
    v_args := sha256(convert_to(jsonb_build_array(queue, coalesce(payload, '{}'::jsonb), title, coalesce(routing, '{}'::jsonb),
                                                  coalesce(priority, 0), max_attempts, run_at)::text, 'UTF8'));
    perform pg_advisory_xact_lock(hashtextextended('switchboard_todo_key:' || endpoint_id::text || ':' || idempotency_key, 0));
    select k.* into v_key from switchboard.todo_keys k where k.endpoint_id = endpoint_id and k.key = idempotency_key;
    if found then
      if v_key.args_sha256 <> v_args then
        perform switchboard_internal.raise('conflict', 'this idempotency_key filed a todo with other arguments',
          'A key names one todo: send its original arguments to get that todo back, or a new key to file another.');
      end if;
      select x.* into v_t from switchboard.todos x where x.id = v_key.todo_id;
      return switchboard_internal.todo_json(v_t);
    end if;
  end if;
  -- A team queue of the endpoint's team files the todo in the team's scope; any other queue, in the endpoint's own.
  select q.team_id into v_team
    from switchboard.endpoints e join switchboard.team_queues q on q.team_id = e.team_id and q.queue = add_todo.queue
   where e.id = endpoint_id;
  perform switchboard_internal.todo_room(coalesce(v_team, endpoint_id));
  insert into switchboard.todos (endpoint_id, team_id, queue, title, payload, routing, priority, max_attempts, run_at, ready_at)
  values (endpoint_id, v_team, queue, title, coalesce(payload, '{}'::jsonb), coalesce(routing, '{}'::jsonb), coalesce(priority, 0),
          coalesce(max_attempts, switchboard_internal.setting_int('default_max_attempts', 5, 1, 1000)),
          coalesce(run_at, now()), coalesce(run_at, now()))
  returning * into v_t;
  -- Counted in this backend's row of the scope, so a scope's adds on other connections never wait for this one.
  insert into switchboard.scope_todo_counts as c (scope_id, shard, stored)
  values (v_t.scope_id, (pg_backend_pid() % 16)::smallint, 1)
  on conflict (scope_id, shard) do update set stored = c.stored + 1;
  if idempotency_key is not null then
    insert into switchboard.todo_keys (endpoint_id, key, todo_id, args_sha256) values (endpoint_id, idempotency_key, v_t.id, v_args);
  end if;
  return switchboard_internal.todo_json(v_t);
end;
$$;
