begin;
select plan(4);

select test.endpoint() as ep \gset
select (test.error_of(format('select switchboard.a2a_send(%L::uuid, %L, null, %L)', :'ep', 'm-1', '{}'))) as e \gset
select is((:'e'::jsonb) ->> 'sqlstate', 'SB422', 'no queue and no default queue: invalid');
select ok((:'e'::jsonb) ->> 'message' like 'invalid: queue %', 'naming queue');
select switchboard.set_endpoint_default_queue(test.owner_of(:'ep'), :'ep'::uuid, 'inbox') as d \gset
select is(switchboard.a2a_send(:'ep'::uuid, 'm-2', null, '{}') -> 'task' -> 'metadata' ->> 'queue', 'inbox',
          'with a default queue set by the owner, a message naming none goes there');
select throws_ok(format('select switchboard.set_endpoint_default_queue(%L::uuid, %L::uuid, %L)', test.owner_of(test.endpoint()), :'ep', 'x'),
                 'SB404', null, 'only the endpoint''s owner sets it');

select * from finish();
rollback;
