begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select test.lapse(:'td');

select throws_ok(format('select switchboard.heartbeat(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'a lapsed lease cannot be revived by heartbeat');
select cmp_ok(((test.todo_row(:'td'))->>'lease_expires_at')::timestamptz, '<', now(), 'the lease stays lapsed');

select * from finish();
rollback;
