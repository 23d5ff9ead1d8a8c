begin;
select plan(4);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset

select throws_ok(format('select switchboard.claim_next(%L::uuid, lease_seconds => 0)', :'ep'), 'SB422', null, 'lease_seconds 0 is invalid');
select throws_ok(format('select switchboard.claim_next(%L::uuid, lease_seconds => 86401)', :'ep'), 'SB422', null, 'lease_seconds 86401 is invalid');
select throws_ok(format('select switchboard.claim_next(%L::uuid, queue => %L)', :'ep', 'bad queue'), 'SB422', null, 'a malformed queue is invalid');
select is(test.attempt_rows(:'td'), 0::bigint, 'nothing was claimed');

select * from finish();
rollback;
