begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.complete(:'ep'::uuid, :'td'::uuid) as d \gset

select throws_ok(format('select switchboard.cancel(%L::uuid, %L::uuid)', test.owner_of(:'ep'), :'td'), 'SB409', null, 'done: conflict');
select is((test.todo_row(:'td'))->>'state', 'done', 'it stays done');

select * from finish();
rollback;
