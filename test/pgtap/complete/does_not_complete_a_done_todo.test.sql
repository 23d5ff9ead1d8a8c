begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.complete(:'ep'::uuid, :'td'::uuid, result => '{"n": 1}') as d \gset

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid, result => %L)', :'ep', :'td', '{"n": 2}'), 'SB409', null,
                 'completing twice is a conflict');
select is((test.todo_row(:'td'))->'result', '{"n": 1}'::jsonb, 'the first result stands');

select * from finish();
rollback;
