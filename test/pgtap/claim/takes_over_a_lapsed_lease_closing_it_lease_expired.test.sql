begin;
select plan(10);

-- A worker claims and goes quiet; its lease lapses; a second claim takes the todo over before any reaper runs.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'worker-1') as first \gset
select test.lapse(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'worker-2') as c \gset

select is((test.attempt_row(:'td', 1))->>'outcome', 'lease_expired', 'the lapsed attempt closes lease_expired');
select is((test.attempt_row(:'td', 1))->>'disposition', 'requeued', 'with disposition requeued');
select isnt((test.attempt_row(:'td', 1))->>'ended_at', null, 'and an ended_at');
select is((:'c'::jsonb)->>'state', 'claimed', 'the todo is claimed by the new claim');
select is(((:'c'::jsonb)->>'attempt_seq')::int, 2, 'the new claim opens attempt seq 2');
select is(((:'c'::jsonb)->>'attempt')::int, 2, 'the counter moved to 2');
select is((:'c'::jsonb)#>>'{prior_attempts,0,outcome}', 'lease_expired', 'the new claim lists the lapsed attempt');
select is((:'c'::jsonb)#>'{prior_attempts,0,died}', 'true'::jsonb, 'as died');
select is((:'c'::jsonb)#>>'{prior_attempts,0,claimant}', 'worker-1', 'with its claimant');
select is((select count(*) from switchboard.todo_attempts a where a.todo_id = :'td' and a.ended_at is null), 1::bigint,
          'exactly one attempt is open');

select * from finish();
rollback;
