begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as pending_td \gset
select test.todo(:'ep') as claimed_td \gset
select switchboard.claim(:'ep'::uuid, :'claimed_td'::uuid) as c \gset

select throws_ok(format('select switchboard.retry_now(%L::uuid, %L::uuid)', test.owner_of(:'ep'), :'pending_td'), 'SB409', null, 'pending: conflict');
select throws_ok(format('select switchboard.retry_now(%L::uuid, %L::uuid)', test.owner_of(:'ep'), :'claimed_td'), 'SB409', null, 'claimed: conflict');

select * from finish();
rollback;
