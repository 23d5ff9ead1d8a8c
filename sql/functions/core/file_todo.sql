-- file_todo: add_todo's work (its header says what it does), for add_todo and add_todos. Returns
-- the todo document, and the scope it filed the todo in (null when an idempotency_key answered an
-- earlier todo). counted: check the scope's quota and count the todo here (add_todo); false for
-- add_todos, which checks and counts each scope once for its whole batch, since counting each
-- element would make the batch's transaction write one count row over and over.
create or replace function switchboard_internal.file_todo(
  endpoint_id uuid,
  queue text,
  payload jsonb default '{}',
  title text default null,
  routing jsonb default '{}',
  priority integer default 0,
  max_attempts integer default null,
  run_at timestamptz default null,
  idempotency_key text default null,
  counted boolean default true,
  out todo jsonb,
  out filed_in uuid)
language plpgsql
volatile
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
    select k.* into v_key from switchboard.todo_keys k where k.endpoint_id = endpoint_id and k.key = idempotency_key;
  end if;
  if v_key.todo_id is null then
    -- A team queue of the endpoint's team files the todo in the team's scope; any other queue, in the endpoint's own.
    select q.team_id into v_team
      from switchboard.endpoints e join switchboard.team_queues q on q.team_id = e.team_id and q.queue = file_todo.queue
     where e.id = endpoint_id;
    if counted then
      perform switchboard_internal.todo_room(coalesce(v_team, endpoint_id), 1);
    end if;
    insert into switchboard.todos (endpoint_id, team_id, queue, title, payload, routing, priority, max_attempts, run_at, ready_at)
    values (endpoint_id, v_team, queue, title, coalesce(payload, '{}'::jsonb), coalesce(routing, '{}'::jsonb), coalesce(priority, 0),
            coalesce(max_attempts, switchboard_internal.setting_int('default_max_attempts', 5, 1, 1000)),
            coalesce(run_at, now()), coalesce(run_at, now()))
    returning * into v_t;
    if counted then
      perform switchboard_internal.count_todos(v_t.scope_id, 1);
    end if;
    if idempotency_key is not null then
      -- The key is taken by its row, not by a lock: a concurrent call with the same key waits on this row's unique
      -- entry until this transaction ends, and no other login of the database can take or hold the key (any login may
      -- take an advisory lock, so one that held the key's would stall this endpoint's calls with it).
      insert into switchboard.todo_keys as k (endpoint_id, key, todo_id, args_sha256)
      values (endpoint_id, idempotency_key, v_t.id, v_args)
      on conflict on constraint todo_keys_pkey do nothing;
      if not found then
        -- A call with the key committed first while this one ran: its todo is the answer, and this one's is undone
        -- (a doorbell it rang is a hint that finds nothing new).
        delete from switchboard.todos x where x.id = v_t.id;
        if counted then
          perform switchboard_internal.uncount_todos(array[v_t.scope_id]);
        end if;
        select k.* into v_key from switchboard.todo_keys k where k.endpoint_id = endpoint_id and k.key = idempotency_key;
      end if;
    end if;
  end if;
  if v_key.todo_id is not null then
    if v_key.args_sha256 <> v_args then
      perform switchboard_internal.raise('conflict', 'this idempotency_key filed a todo with other arguments',
        'A key names one todo: send its original arguments to get that todo back, or a new key to file another.');
    end if;
    select x.* into v_t from switchboard.todos x where x.id = v_key.todo_id;
    todo := switchboard_internal.todo_json(v_t);
    return;
  end if;
  todo := switchboard_internal.todo_json(v_t);
  filed_in := v_t.scope_id;
end;
$$;
