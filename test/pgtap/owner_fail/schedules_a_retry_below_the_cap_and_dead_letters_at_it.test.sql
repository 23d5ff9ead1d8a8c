begin;
select plan(5);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep', 'q', 2) as td \gset
select switchboard.owner_claim(:'ow', :'td') \gset
select switchboard.owner_fail(:'ow', :'td', summary => 'needs a credential I do not have') as d \gset

select isnt((:'d'::jsonb)->>'next_retry_at', null, 'below the cap a retry is scheduled');
select is(test.attempt_row(:'td', 1)->>'disposition', 'retry_scheduled', 'failed/retry_scheduled');
select is(test.attempt_row(:'td', 1)->>'summary', 'needs a credential I do not have', 'the summary is kept');
select test.due(:'td');
select switchboard.owner_claim(:'ow', :'td') \gset
select is(switchboard.owner_fail(:'ow', :'td', summary => 'still no')->>'dead_letter', 'true', 'at the cap it is a dead letter');
select is(test.attempt_row(:'td', 2)->>'disposition', 'dead_lettered', 'failed/dead_lettered');

select * from finish();
rollback;
