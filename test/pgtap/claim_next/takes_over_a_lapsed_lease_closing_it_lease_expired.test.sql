begin;
select plan(6);

-- ADR-0039 Confirmation: a worker stops heartbeating and a later claim_next takes the lease over before the
-- reaper runs: the dead attempt is lease_expired, died, and the next claim lists it.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim_next(:'ep'::uuid, 'q', claimant => 'dead-worker') as c1 \gset
select switchboard.heartbeat(:'ep'::uuid, :'td'::uuid) as hb \gset
select test.lapse(:'td');
select switchboard.claim_next(:'ep'::uuid, 'q', claimant => 'next-worker') as c2 \gset

select is((:'c2'::jsonb)->>'id', :'td', 'claim_next takes over the lapsed todo');
select is((:'c2'::jsonb)#>>'{prior_attempts,0,outcome}', 'lease_expired', 'the dead attempt is listed lease_expired');
select is((:'c2'::jsonb)#>>'{prior_attempts,0,disposition}', 'requeued', 'with disposition requeued');
select is((:'c2'::jsonb)#>'{prior_attempts,0,died}', 'true'::jsonb, 'and died: true');
select isnt((:'c2'::jsonb)#>>'{prior_attempts,0,last_heartbeat_at}', null, 'its last heartbeat bounds when it went quiet');
select is(((:'c2'::jsonb)->>'attempt_seq')::int, 2, 'the takeover opens seq 2');

select * from finish();
rollback;
