-- list_todos: the todos of the endpoint's scopes, newest first, filtered, a page at a time. Its own
-- and its team's (when it was vended in one). Filters combine; pass next_cursor back as cursor for
-- the next page. Reads only. Returns {todos: [todo...], next_cursor} (next_cursor null on the last
-- page). Errors: forbidden, invalid (state not one of pending, claimed, done, failed, canceled;
-- page_size not 1..200; a cursor this function did not return).
--
-- Example: select switchboard.list_todos(endpoint_id => '<endpoint_id>', queue => 'builds',
--   dead_letter => true);
create or replace function switchboard.list_todos(
  endpoint_id uuid,
  queue text default null,
  state text default null,
  dead_letter boolean default null,
  page_size integer default 50,
  cursor text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_size integer := coalesce(page_size, 50);
  v_after_ts timestamptz;
  v_after_id uuid;
  v_rows switchboard.todos[];
  v_next text;
begin
  perform switchboard_internal.agent(endpoint_id, 'list_todos');
  select p.after_ts, p.after_id into v_after_ts, v_after_id
    from switchboard_internal.list_page(state, v_size, cursor, 'list_todos') p;

  select array_agg(s.x order by (s.x).created_at desc, (s.x).id desc) into v_rows
    from (select x from unnest(switchboard_internal.agent_scopes(endpoint_id)) sc(id)
           cross join lateral (
             select x from switchboard.todos x
              where x.scope_id = sc.id
                and (queue is null or x.queue = queue)
                and (state is null or x.state = state)
                and (dead_letter is null or (x.state = 'failed' and x.next_retry_at is null) = dead_letter)
                and (v_after_ts is null or (x.created_at, x.id) < (v_after_ts, v_after_id))
              order by x.created_at desc, x.id desc
              limit v_size + 1) l
           order by (l.x).created_at desc, (l.x).id desc
           limit v_size + 1) s(x);

  if cardinality(v_rows) > v_size then
    v_next := switchboard_internal.list_cursor(v_rows[v_size].created_at, v_rows[v_size].id);
    v_rows := v_rows[:v_size];
  end if;
  return jsonb_build_object(
    'todos', coalesce((select jsonb_agg(switchboard_internal.todo_json(v_rows[i]) order by i)
                        from generate_subscripts(v_rows, 1) i), '[]'::jsonb),
    'next_cursor', v_next);
end;
$$;
