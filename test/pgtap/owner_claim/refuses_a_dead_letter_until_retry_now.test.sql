begin;
select plan(4);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep', 'q', 1) as td \gset
select switchboard.claim(:'ep', :'td') \gset
select switchboard.fail(:'ep', :'td', summary => 'broken') \gset

select throws_ok(format('select switchboard.owner_claim(%L, %L)', :'ow', :'td'), 'SB409', null, 'a dead letter is conflict');
select is(switchboard.retry_now(:'ow', :'td')->>'state', 'pending', 'Retry now makes it pending');
select is(switchboard.owner_claim(:'ow', :'td')->>'attempt_seq', '2', 'then the Board claims it: seq continues');
select is(test.attempt_row(:'td', 2)->>'attempt', '1', 'and the counter restarted at 1');

select * from finish();
rollback;
