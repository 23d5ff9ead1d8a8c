begin;
select plan(5);

select test.endpoint() as ep \gset
create temporary table t on commit drop as select test.todo(:'ep') as id, n from generate_series(1, 5) n;
update switchboard.todos x set created_at = now() - make_interval(mins => t.n) from t where t.id = x.id;

select switchboard.list_todos(:'ep'::uuid, page_size => 2) as p1 \gset
select switchboard.list_todos(:'ep'::uuid, page_size => 2, cursor => (:'p1'::jsonb)->>'next_cursor') as p2 \gset
select switchboard.list_todos(:'ep'::uuid, page_size => 2, cursor => (:'p2'::jsonb)->>'next_cursor') as p3 \gset

select is(array(select x->>'id' from jsonb_array_elements((:'p1'::jsonb)->'todos') x),
          array(select id::text from t where n in (1, 2) order by n), 'page 1: the two newest');
select is(array(select x->>'id' from jsonb_array_elements((:'p2'::jsonb)->'todos') x),
          array(select id::text from t where n in (3, 4) order by n), 'page 2: the next two');
select is(array(select x->>'id' from jsonb_array_elements((:'p3'::jsonb)->'todos') x),
          array(select id::text from t where n = 5), 'page 3: the last');
select isnt((:'p2'::jsonb)->>'next_cursor', null, 'a full page with more behind it has a next_cursor');
select is((:'p3'::jsonb)->>'next_cursor', null, 'the last page has none');

select * from finish();
rollback;
