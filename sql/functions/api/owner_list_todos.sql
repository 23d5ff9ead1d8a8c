-- owner_list_todos: the Board's todo list: the owner's todos, newest first, filtered, a page at a
-- time. The todos of the owner's scopes (of the endpoints it vended, and of the teams it is a
-- member of), each with its adding endpoint's agent_id and its team ({id, name}, null for a
-- personal todo); filters combine; pass next_cursor back as cursor for the next page. Reads only.
-- Returns {todos: [todo...], next_cursor} (null on the last page). Errors: invalid (state not one
-- of pending, claimed, done, failed, canceled; page_size not 1..200; a cursor this function did not
-- return).
--
-- Example: select switchboard.owner_list_todos(owner_id => '<owner_id>', state => 'failed',
--   dead_letter => true);
create or replace function switchboard.owner_list_todos(
  owner_id uuid,
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
  v_rows jsonb[];
  v_next text;
begin
  select p.after_ts, p.after_id into v_after_ts, v_after_id
    from switchboard_internal.list_page(state, v_size, cursor, 'owner_list_todos') p;

  -- Per scope, its newest page through todos_scope_created_idx, then the newest of those (as list_todos): the page
  -- costs the owner's scopes, however many todos another tenant holds.
  select array_agg(switchboard_internal.todo_json(s.x) || jsonb_build_object('agent_id', s.agent_id, 'team', s.team)
                   order by (s.x).created_at desc, (s.x).id desc)
    into v_rows
    from (select l.x,
                 (select e.agent_id from switchboard.endpoints e where e.id = (l.x).endpoint_id) as agent_id,
                 (select jsonb_build_object('id', t.id, 'name', t.name) from switchboard.teams t where t.id = (l.x).team_id) as team
            from (select distinct o.id from switchboard_internal.owner_scopes(owner_id) o(id)) sc
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
           limit v_size + 1) s;

  if cardinality(v_rows) > v_size then
    v_next := switchboard_internal.list_cursor((v_rows[v_size]->>'created_at')::timestamptz, (v_rows[v_size]->>'id')::uuid);
    v_rows := v_rows[1:v_size];
  end if;
  return jsonb_build_object('todos', coalesce(to_jsonb(v_rows), '[]'::jsonb), 'next_cursor', v_next);
end;
$$;
