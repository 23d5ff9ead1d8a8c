begin;
select plan(7);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 2) as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c1 \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f1 \gset
select test.due(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c2 \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f2 \gset
select switchboard.retry_now(test.owner_of(:'ep'), :'td'::uuid) as r \gset

select is((:'r'::jsonb)->>'state', 'pending', 'a dead letter goes back to pending');
select is((:'r'::jsonb)->'dead_letter', 'false'::jsonb, 'no longer a dead letter');
select is(((test.todo_row(:'td'))->>'ready_at')::timestamptz, now(), 'claimable now');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c3 \gset
select is(((:'c3'::jsonb)->>'attempt')::int, 1, 'the next claim is attempt 1 again');
select is(((:'c3'::jsonb)->>'attempt_seq')::int, 3, 'but seq continues at 3');
select is((test.attempt_row(:'td', 3))->>'attempt', '1', 'the attempt row records counter 1');
select is(jsonb_array_length((:'c3'::jsonb)->'prior_attempts'), 2, 'the history before the retry is kept');

select * from finish();
rollback;
