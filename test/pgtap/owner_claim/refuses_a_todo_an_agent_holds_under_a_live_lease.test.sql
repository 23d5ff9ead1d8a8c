begin;
select plan(4);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep', :'td', claimant => 'run-1') \gset

select throws_ok(format('select switchboard.owner_claim(%L, %L)', :'ow', :'td'), 'SB409', null, 'a live agent lease is conflict');
select is(test.attempt_rows(:'td'), 1::bigint, 'no attempt was opened');
select test.lapse(:'td');
select is(switchboard.owner_claim(:'ow', :'td')->>'owner', 'owner:alice', 'a lapsed agent lease is taken over');
select is(test.attempt_row(:'td', 1)->>'outcome', 'lease_expired', 'and the agent''s attempt closes lease_expired');

select * from finish();
rollback;
