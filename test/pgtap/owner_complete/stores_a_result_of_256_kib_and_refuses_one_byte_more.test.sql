begin;
select plan(6);

-- The Board's Complete and Fail take a result under the agents' limit, 256 KiB (262144 bytes) of JSON text: one
-- byte more is invalid and the Board's lease stays open; exactly the limit is stored.
select test.endpoint() as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as c \gset
select test.todo(:'ep') as f \gset
select switchboard.owner_claim(:'ow'::uuid, x) from unnest(array[:'c', :'f']::uuid[]) x;
select to_jsonb(repeat('x', 262142)) as at_limit, to_jsonb(repeat('x', 262143)) as over \gset

select throws_ok(format('select switchboard.owner_complete(%L::uuid, %L::uuid, result => %L::jsonb)', :'ow', :'c', :'over'),
                 'SB422', null, 'Complete: one byte over the limit is invalid');
select throws_ok(format('select switchboard.owner_fail(%L::uuid, %L::uuid, result => %L::jsonb)', :'ow', :'f', :'over'),
                 'SB422', null, 'Fail: one byte over the limit is invalid');
select is((select count(*) from switchboard.todos where id in (:'c', :'f') and state = 'claimed' and result is null),
          2::bigint, 'both stay claimed by the Board, no result stored');
select is((switchboard.owner_complete(:'ow'::uuid, :'c'::uuid, result => :'at_limit'::jsonb))->>'state', 'done',
          'Complete: exactly the limit is taken');
select is((switchboard.owner_fail(:'ow'::uuid, :'f'::uuid, result => :'at_limit'::jsonb))->>'state', 'failed',
          'Fail: exactly the limit is taken');
select is((select count(*) from switchboard.todos where id in (:'c', :'f') and result = :'at_limit'::jsonb), 2::bigint,
          'and both results are stored whole');

select * from finish();
rollback;
