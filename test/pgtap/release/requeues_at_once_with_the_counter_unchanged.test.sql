begin;
select plan(9);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.release(:'ep'::uuid, :'td'::uuid, summary => 'shutting down', artifact => 'https://ci.example.com/1') as r \gset

select is((:'r'::jsonb)->>'state', 'pending', 'the todo is pending again');
select is(((:'r'::jsonb)->>'attempt')::int, 1, 'the attempt counter is unchanged');
select is((:'r'::jsonb)->>'next_retry_at', null, 'no retry is scheduled: no backoff');
select is(((test.todo_row(:'td'))->>'ready_at')::timestamptz, now(), 'it is claimable at once');
select is((test.attempt_row(:'td', 1))->>'outcome', 'released', 'the attempt closes released');
select is((test.attempt_row(:'td', 1))->>'disposition', 'requeued', 'with disposition requeued');
select is((test.attempt_row(:'td', 1))->>'summary', 'shutting down', 'keeping the summary sent');
select is((test.attempt_row(:'td', 1))->>'artifact', 'https://ci.example.com/1', 'and the artifact');
select is(((switchboard.claim_next(:'ep'::uuid))->>'attempt')::int, 2, 'the next claim is attempt 2');

select * from finish();
rollback;
