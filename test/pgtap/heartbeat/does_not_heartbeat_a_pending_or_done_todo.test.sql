begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as pending_td \gset
select test.todo(:'ep') as done_td \gset
select switchboard.claim(:'ep'::uuid, :'done_td'::uuid) as c \gset
select switchboard.complete(:'ep'::uuid, :'done_td'::uuid) as d \gset

select throws_ok(format('select switchboard.heartbeat(%L::uuid, %L::uuid)', :'ep', :'pending_td'), 'SB409', null, 'pending: conflict');
select throws_ok(format('select switchboard.heartbeat(%L::uuid, %L::uuid)', :'ep', :'done_td'), 'SB409', null, 'done: conflict');

select * from finish();
rollback;
