begin;
select plan(6);

-- list_todos merges two scopes for a team endpoint: its own todos and its team's. Seven todos, newest first by
-- created_at, alternate between the team's (the requester's adds to tq) and T's worker's own (pq); paged two at a
-- time with next_cursor, the worker sees all seven in order, each once, and the requester the team's four. The Board's
-- owner_list_todos pages the same way: the admin (who vended both endpoints and is in the team) all seven, a member
-- the team's four.
select test.team() as f \gset
select (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'member' as m \gset
create temporary table t on commit drop as
  select case when n % 2 = 1 then test.todo(:'r', 'tq') else test.todo(:'w', 'pq') end as id, n, n % 2 = 1 as team
    from generate_series(1, 7) n;
update switchboard.todos x set created_at = now() - make_interval(mins => t.n) from t where t.id = x.id;

-- Every id of every page, in page order, following next_cursor until it is null.
create function pg_temp.walk(call text, caller uuid) returns text[] language plpgsql as $$
declare
  v_cursor text;
  v_page jsonb;
  v_ids text[] := '{}';
begin
  loop
    execute format('select %s(%L::uuid, page_size => 2, cursor => %L)', call, caller, v_cursor) into v_page;
    v_ids := v_ids || array(select x->>'id' from jsonb_array_elements(v_page->'todos') x);
    v_cursor := v_page->>'next_cursor';
    exit when v_cursor is null or cardinality(v_ids) > 20;
  end loop;
  return v_ids;
end;
$$;

select is(pg_temp.walk('switchboard.list_todos', :'w'), array(select id::text from t order by n), 'the worker: its own and the team''s, newest first, each once');
select is(pg_temp.walk('switchboard.list_todos', :'r'), array(select id::text from t where team order by n), 'the requester: the team''s');
select is(pg_temp.walk('switchboard.owner_list_todos', :'a'), array(select id::text from t order by n), 'owner_list_todos, the admin: all seven');
select is(pg_temp.walk('switchboard.owner_list_todos', :'m'), array(select id::text from t where team order by n), 'owner_list_todos, a member: the team''s');
select is(jsonb_array_length(switchboard.list_todos(:'w'::uuid, queue => 'tq')->'todos'), 4, 'the worker filtered to tq: the team''s four');
select is(jsonb_array_length(switchboard.list_todos(:'w'::uuid, queue => 'pq')->'todos'), 3, 'to pq: its own three');

select * from finish();
rollback;
