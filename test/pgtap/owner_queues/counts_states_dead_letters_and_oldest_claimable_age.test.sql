begin;
select plan(5);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.endpoint(handle => 'bob') as ep_b \gset
select test.todo(:'ep', 'builds') as p1 \gset
select test.todo(:'ep', 'builds') as p2 \gset
select test.todo(:'ep', 'builds', 1) as dl \gset
select test.todo(:'ep_b', 'builds') as foreign_todo \gset
update switchboard.todos set run_at = now() - interval '90 seconds', ready_at = now() - interval '90 seconds' where id = :'p1';
select switchboard.claim(:'ep', :'dl') \gset
select switchboard.fail(:'ep', :'dl') \gset
select switchboard.owner_queues(:'ow')->'queues' as q \gset

select is(jsonb_array_length(:'q'::jsonb), 1, 'one queue');
select is((:'q'::jsonb)->0->'counts', '{"pending": 2, "claimed": 0, "done": 0, "failed": 1, "canceled": 0}'::jsonb,
          'counts by state, without bob''s todo');
select is(((:'q'::jsonb)->0->>'dead_letters')::int, 1, 'one dead letter');
select is(((:'q'::jsonb)->0->>'oldest_claimable_age_seconds')::int, 90, 'the oldest claimable todo waited 90 s');
select is(switchboard.owner_queues(test.owner_of(:'ep_b'))->'queues'->0->'counts'->>'pending', '1', 'bob sees only his own');

select * from finish();
rollback;
