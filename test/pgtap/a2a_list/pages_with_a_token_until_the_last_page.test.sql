begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep') as t1 \gset
select test.todo(:'ep') as t2 \gset
select test.todo(:'ep') as t3 \gset
select test.age(:'t1', '3 minutes'), test.age(:'t2', '2 minutes'), test.age(:'t3', '1 minute');

select switchboard.a2a_list(:'ep'::uuid, page_size => 2) as p1 \gset
select is((select jsonb_agg(t ->> 'id') from jsonb_array_elements((:'p1'::jsonb) -> 'tasks') t), jsonb_build_array(:'t3', :'t2'),
          'the first page holds the two newest');
select is(((:'p1'::jsonb) ->> 'totalSize')::integer, 3, 'totalSize counts every page');
select isnt((:'p1'::jsonb) ->> 'nextPageToken', '', 'and there is a next page');
select switchboard.a2a_list(:'ep'::uuid, page_size => 2, page_token => (:'p1'::jsonb) ->> 'nextPageToken') as p2 \gset
select is((select jsonb_agg(t ->> 'id') from jsonb_array_elements((:'p2'::jsonb) -> 'tasks') t), jsonb_build_array(:'t1'),
          'the token continues after the last task of the page');
select is((:'p2'::jsonb) ->> 'nextPageToken', '', 'the last page has no token');
select throws_ok(format('select switchboard.a2a_list(%L::uuid, page_size => 101)', :'ep'), 'SB422', null, 'pageSize is at most 100');

select * from finish();
rollback;
