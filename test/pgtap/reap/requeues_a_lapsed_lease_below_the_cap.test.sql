begin;
select plan(9);

-- ADR-0039 Confirmation: a worker stops heartbeating; the reaper closes its attempt reaped, died: true; the next
-- claim lists it.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'quiet-worker') as c \gset
select test.lapse(:'td');

select is(switchboard.reap(), 1, 'reap closes one attempt');
select is((test.todo_row(:'td'))->>'state', 'pending', 'the todo is pending again');
select is(((test.todo_row(:'td'))->>'ready_at')::timestamptz, now(), 'claimable at once');
select is((test.todo_row(:'td'))->>'owner', null, 'with no owner');
select is((test.attempt_row(:'td', 1))->>'outcome', 'reaped', 'the attempt closes reaped');
select is((test.attempt_row(:'td', 1))->>'disposition', 'requeued', 'with disposition requeued');
select switchboard.claim_next(:'ep'::uuid) as c2 \gset
select is((:'c2'::jsonb)#>>'{prior_attempts,0,outcome}', 'reaped', 'the next claim lists the reaped attempt');
select is((:'c2'::jsonb)#>'{prior_attempts,0,died}', 'true'::jsonb, 'as died');
select is((:'c2'::jsonb)#>>'{prior_attempts,0,claimant}', 'quiet-worker', 'naming who died');

select * from finish();
rollback;
