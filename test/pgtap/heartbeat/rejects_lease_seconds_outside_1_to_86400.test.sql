begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, lease_seconds => 10) as c \gset

select throws_ok(format('select switchboard.heartbeat(%L::uuid, %L::uuid, lease_seconds => 0)', :'ep', :'td'), 'SB422', null, 'lease_seconds 0 is invalid');
select throws_ok(format('select switchboard.heartbeat(%L::uuid, %L::uuid, lease_seconds => 86401)', :'ep', :'td'), 'SB422', null, 'lease_seconds 86401 is invalid');
select is((test.todo_row(:'td'))->>'lease_expires_at', to_jsonb(now() + interval '10 seconds')->>0, 'the lease is unchanged');

select * from finish();
rollback;
