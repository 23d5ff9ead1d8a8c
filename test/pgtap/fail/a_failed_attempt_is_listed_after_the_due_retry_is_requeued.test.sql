begin;
select plan(5);

-- ADR-0039 Confirmation, with the re-queue done by the worker's sweep rather than by the claim itself:
-- claim, heartbeat, fail, backoff passes, requeue_due_retries, second claim.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c1 \gset
select switchboard.heartbeat(:'ep'::uuid, :'td'::uuid) as hb \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, summary => 'first try failed') as f \gset
select test.due(:'td');
select switchboard.requeue_due_retries() as n \gset
select is((test.todo_row(:'td'))->>'state', 'pending', 'the due retry is re-queued');
select switchboard.claim_next(:'ep'::uuid) as c2 \gset

select is(array(select a->>'outcome' from jsonb_array_elements(test.attempts(:'td')) a), array['failed', null],
          'two attempts: failed, then open');
select is((:'c2'::jsonb)#>>'{prior_attempts,0,seq}', '1', 'the second claim lists the first');
select is((:'c2'::jsonb)#>>'{prior_attempts,0,summary}', 'first try failed', 'with its summary');
select is(((:'c2'::jsonb)->>'attempt')::int, 2, 'as attempt 2 of the todo');

select * from finish();
rollback;
