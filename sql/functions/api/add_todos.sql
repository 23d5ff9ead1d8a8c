-- add_todos: files an array of todos all or nothing, each as add_todo would. Every element is an
-- object of add_todo's arguments (queue, payload, title, routing, priority, max_attempts, run_at,
-- idempotency_key); one element that add_todo refuses refuses the whole call, naming its index, and
-- nothing is filed. An element's idempotency_key answers the todo it filed before, as add_todo's
-- does. At most the setting add_todos_max elements (1,000). Returns the todo documents, in the
-- order given. Errors: forbidden, invalid (not an array, too many elements, an unknown field, a
-- value of the wrong type, or any limit of add_todo: "todos[i]: ..."), conflict (an element's
-- idempotency_key filed a todo with other arguments), throttled (the elements would take a scope
-- past todos_max_per_scope: the first element past it is named).
--
-- todos: a JSON array of add_todo's arguments, one object per todo.
--
-- Example: select switchboard.add_todos(endpoint_id => '<endpoint_id>',
--   todos => '[{"queue": "builds", "payload": {"repo": "x"}}, {"queue": "builds"}]');
create or replace function switchboard.add_todos(endpoint_id uuid, todos jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_max integer := switchboard_internal.setting_int('add_todos_max', 1000, 1, 100000);
  v_out jsonb := '[]'::jsonb;
  v_i integer := -1;
  v_e jsonb;
  v_unknown text;
  v_state text;
  v_msg text;
  v_hint text;
  v_detail text;
  v_filed record;
  v_scopes uuid[] := '{}'::uuid[];
  v_filed_at integer[] := '{}'::integer[];
  v_s record;
  v_room integer;
begin
  perform switchboard_internal.agent(endpoint_id, 'add_todo');
  if todos is null or jsonb_typeof(todos) <> 'array' then
    perform switchboard_internal.raise('invalid', 'todos must be a JSON array of add_todo''s arguments', null);
  end if;
  if jsonb_array_length(todos) > v_max then
    perform switchboard_internal.raise('invalid', format('todos has %s elements, at most %s (the setting add_todos_max)', jsonb_array_length(todos), v_max),
      'Split the work into calls of at most that many.');
  end if;
  -- One block for the whole array: an error in any element rolls back every todo filed before it.
  begin
    for v_e in select e from jsonb_array_elements(todos) e loop
      v_i := v_i + 1;
      if jsonb_typeof(v_e) <> 'object' then
        perform switchboard_internal.raise('invalid', 'must be an object of add_todo''s arguments', null);
      end if;
      select k into v_unknown from jsonb_object_keys(v_e) k
       where k not in ('queue', 'payload', 'title', 'routing', 'priority', 'max_attempts', 'run_at', 'idempotency_key') limit 1;
      if v_unknown is not null then
        perform switchboard_internal.raise('invalid', format('unknown field %s', v_unknown), null);
      end if;
      v_filed := switchboard_internal.file_todo(
        endpoint_id, v_e ->> 'queue', v_e -> 'payload', v_e ->> 'title', v_e -> 'routing', (v_e ->> 'priority')::integer,
        (v_e ->> 'max_attempts')::integer, (v_e ->> 'run_at')::timestamptz, v_e ->> 'idempotency_key', counted => false);
      v_out := v_out || jsonb_build_array(v_filed.todo);
      if v_filed.filed_in is not null then
        v_scopes := v_scopes || v_filed.filed_in;
        v_filed_at := v_filed_at || v_i;
      end if;
    end loop;
    -- Each scope's quota once for the batch (the element refused is the first past it), then its count in one write.
    for v_s in select u.s, array_agg(u.i order by u.i) as at
                 from unnest(v_scopes, v_filed_at) as u(s, i) group by u.s order by min(u.i) loop
      v_room := switchboard_internal.todo_room(v_s.s, 0);
      if cardinality(v_s.at) > v_room then
        v_i := v_s.at[v_room + 1];
        perform switchboard_internal.todo_room(v_s.s, cardinality(v_s.at));
      end if;
      perform switchboard_internal.count_todos(v_s.s, cardinality(v_s.at));
    end loop;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_msg = message_text, v_hint = pg_exception_hint,
                            v_detail = pg_exception_detail;
    if v_state not like 'SB%' then -- a value of the wrong type (a cast): the caller's input, never internal
      v_state := 'SB422';
      v_msg := 'invalid: ' || v_msg;
    end if;
    v_msg := regexp_replace(v_msg, '^(\w+): ', format('\1: todos[%s]: ', v_i));
    if coalesce(v_hint, '') = '' then
      raise exception using errcode = v_state, message = v_msg;
    end if;
    if v_state = 'SB429' and coalesce(v_detail, '') <> '' then -- a throttled element's retry_after_seconds
      raise exception using errcode = v_state, message = v_msg, hint = v_hint, detail = v_detail;
    end if;
    raise exception using errcode = v_state, message = v_msg, hint = v_hint;
  end;
  return v_out;
end;
$$;
