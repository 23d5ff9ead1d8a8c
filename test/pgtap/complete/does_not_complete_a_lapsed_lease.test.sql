begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select test.lapse(:'td');

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'a holder whose lease lapsed cannot complete');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'the todo stays claimed, for the reaper or a takeover');

select * from finish();
rollback;
