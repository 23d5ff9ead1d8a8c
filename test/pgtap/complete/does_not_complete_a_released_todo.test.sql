begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.release(:'ep'::uuid, :'td'::uuid) as r \gset

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'a released (pending) todo cannot be completed');
select is((test.todo_row(:'td'))->>'state', 'pending', 'it stays pending');

select * from finish();
rollback;
