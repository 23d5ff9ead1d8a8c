begin;
select plan(4);

-- fail's result has complete's limit, 256 KiB (262144 bytes) of JSON text: exactly the limit is stored, one byte
-- more is invalid and the todo stays claimed under its open attempt.
select test.endpoint() as ep \gset
select test.todo(:'ep') as fits \gset
select test.todo(:'ep') as too_big \gset
select switchboard.claim(:'ep'::uuid, x) from unnest(array[:'fits', :'too_big']::uuid[]) x;
select to_jsonb(repeat('x', 262142)) as at_limit, to_jsonb(repeat('x', 262143)) as over \gset

select throws_ok(format('select switchboard.fail(%L::uuid, %L::uuid, result => %L::jsonb)', :'ep', :'too_big', :'over'),
                 'SB422', null, 'one byte over the limit is invalid');
select is((select jsonb_build_array(state, result, head_ended_at) from switchboard.todos where id = :'too_big'),
          '["claimed", null, null]'::jsonb, 'the todo stays claimed, its attempt open, no result stored');
select is((switchboard.fail(:'ep'::uuid, :'fits'::uuid, result => :'at_limit'::jsonb))->>'state', 'failed',
          'a result of exactly the limit fails the todo');
select is((select result from switchboard.todos where id = :'fits'), :'at_limit'::jsonb, 'and is stored whole');

select * from finish();
rollback;
