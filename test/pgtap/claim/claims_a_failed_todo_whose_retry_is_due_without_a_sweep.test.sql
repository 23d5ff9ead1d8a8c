begin;
select plan(4);

-- No worker requeues the retry: once next_retry_at has passed, claim takes the failed todo directly.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, summary => 'red') as f \gset
select test.due(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c2 \gset

select is((:'c2'::jsonb)->>'state', 'claimed', 'the due retry is claimed');
select is(((:'c2'::jsonb)->>'attempt')::int, 2, 'as attempt 2');
select is((:'c2'::jsonb)->>'next_retry_at', null, 'next_retry_at is cleared');
select is((:'c2'::jsonb)#>>'{prior_attempts,0,outcome}', 'failed', 'the failed attempt is listed');

select * from finish();
rollback;
