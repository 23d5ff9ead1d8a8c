begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 2) as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f1 \gset
select test.due(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c2 \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, summary => 'gave up') as f \gset

select is((:'f'::jsonb)->>'state', 'failed', 'the todo is failed');
select is((:'f'::jsonb)->'dead_letter', 'true'::jsonb, 'as a dead letter');
select is((:'f'::jsonb)->>'next_retry_at', null, 'with no retry scheduled');
select is((test.attempt_row(:'td', 2))->>'outcome', 'failed', 'the last attempt closes failed');
select is((test.attempt_row(:'td', 2))->>'disposition', 'dead_lettered', 'with disposition dead_lettered');
select is(switchboard.claim_next(:'ep'::uuid), '{"empty": true}'::jsonb, 'nothing re-queues it');

select * from finish();
rollback;
