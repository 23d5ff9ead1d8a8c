-- A claim_next passed over by its queue's controls would otherwise wait out its whole long poll: the queue is owed a
-- ring for when it may admit again (max_claimed: 5 s on; claims_per_minute: when the limiter frees a claim), which the
-- worker's sweep rings. A paused queue owes nothing (resume_queue rings), nor does claim's refusal (an error: rolled back).
begin;
select plan(8);

create function pg_temp.owed(scope uuid, q text) returns setof timestamptz language sql as $$
  select due_at from switchboard.due_rings where scope_id = scope and queue = q order by due_at
$$;
create function pg_temp.up(secs numeric) returns timestamptz language sql as $$
  select date_trunc('second', now() + make_interval(secs => secs))
         + case when now() + make_interval(secs => secs) > date_trunc('second', now() + make_interval(secs => secs))
                then interval '1 second' else interval '0' end
$$;

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select test.owner_of(:'ep'::uuid) as owner \gset
select switchboard.set_endpoint_doorbell_url(:'owner'::uuid, :'ep'::uuid, 'http://127.0.0.1:9/bell') as s \gset
select count(switchboard.add_todo(:'ep'::uuid, 'deploy')) as added from generate_series(1, 3) \gset
select switchboard.set_queue_limits(:'owner'::uuid, 'deploy', max_claimed => 1) is not null as set \gset
select switchboard.claim_next(:'ep'::uuid, 'deploy') ->> 'id' as held \gset
select is(switchboard.claim_next(:'ep'::uuid, 'deploy'), '{"empty": true}'::jsonb, 'at max_claimed claim_next answers empty');
select results_eq(format('select pg_temp.owed(%L, %L)', :'ep', 'deploy'), 'select pg_temp.up(5)', 'and owes the queue a ring 5 s on');

select throws_like(format('select switchboard.claim(%L::uuid, (select id from switchboard.todos where queue = %L and state = %L limit 1))',
                          :'ep', 'deploy', 'pending'), 'throttled:%', 'claim of the held-back queue is throttled');
select is((select count(*) from switchboard.due_rings where scope_id = :'ep'::uuid), 1::bigint, 'and owes nothing more');

delete from graphile_worker._private_jobs;
update switchboard.due_rings set due_at = due_at - interval '10 seconds';
select is(switchboard.ring_due_todos(), 1, 'once due the sweep takes it');
select is(test.webhook_rings(), 1::bigint, 'and rings the queue');

select test.endpoint() as ep2 \gset
select test.owner_of(:'ep2'::uuid) as owner2 \gset
select count(switchboard.add_todo(:'ep2'::uuid, 'api')) as added from generate_series(1, 3) \gset
select switchboard.set_queue_limits(:'owner2'::uuid, 'api', claims_per_minute => 2) is not null as set \gset
select switchboard.claim_next(:'ep2'::uuid, 'api') ->> 'id' as one, switchboard.claim_next(:'ep2'::uuid, 'api') ->> 'id' as two \gset
select switchboard.claim_next(:'ep2'::uuid, 'api') as held_back \gset
-- Two claims at now() put the limiter's clock 60 s on (30 s a claim); a third is admitted once it is within 30 s of
-- now(), 30 s on: that is when admit_queue says to retry, and when the ring is owed.
select results_eq(format('select pg_temp.owed(%L, %L)', :'ep2', 'api'), 'select pg_temp.up(30)',
                  'over claims_per_minute: owed a ring when the limiter frees a claim');

select count(switchboard.add_todo(:'ep2'::uuid, 'paused')) as added from generate_series(1, 2) \gset
select switchboard.pause_queue(:'owner2'::uuid, 'paused') is not null as p \gset
select switchboard.claim_next(:'ep2'::uuid, 'paused') as none \gset
select is((select count(*) from switchboard.due_rings where queue = 'paused'), 0::bigint, 'a paused queue owes no ring');

select * from finish();
rollback;
