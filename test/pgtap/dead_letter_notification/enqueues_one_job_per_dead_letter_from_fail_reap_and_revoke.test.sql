begin;
select plan(6);

-- The dead-letter deliveries queued, each with its job's payload.
create function pg_temp.notices() returns setof jsonb language sql as $$
  select q from test.queued('switchboard_dead_letter') q
$$;

-- A worker with SWITCHBOARD_NOTIFY_URL started: the instance has a sink.
select switchboard.set_instance_dead_letter_sink(true) as sink \gset
select test.endpoint() as ep \gset
select test.endpoint() as doomed \gset
select test.todo(:'ep', max_attempts => 1) as failed \gset
select test.todo(:'ep', max_attempts => 1) as reaped \gset
select test.todo(:'doomed') as revoked \gset
select test.todo(:'ep') as retried \gset
select test.todo(:'ep') as done \gset

select switchboard.claim(:'ep'::uuid, :'retried'::uuid), switchboard.fail(:'ep'::uuid, :'retried'::uuid);
select switchboard.claim(:'ep'::uuid, :'done'::uuid), switchboard.complete(:'ep'::uuid, :'done'::uuid);
select is((select count(*) from pg_temp.notices()), 0::bigint, 'a scheduled retry and a completion notify nobody');

select switchboard.claim(:'ep'::uuid, :'failed'::uuid), switchboard.fail(:'ep'::uuid, :'failed'::uuid, summary => 'gave up');
select switchboard.claim(:'ep'::uuid, :'reaped'::uuid);
select test.lapse(:'reaped');
select switchboard.reap();
select switchboard.claim(:'doomed'::uuid, :'revoked'::uuid);
select switchboard.revoke_endpoint(test.owner_of(:'doomed'), :'doomed'::uuid);

select is((select count(*) from pg_temp.notices()), 3::bigint, 'fail at the cap, reap at the cap and revoke each queue one');
select set_eq('select n->>''todo_id'' from pg_temp.notices() n', array[:'failed', :'reaped', :'revoked'],
              'one per dead-lettered todo');
select is((select array_agg(distinct k order by k) from pg_temp.notices() n, jsonb_object_keys(n->'payload') k), array['delivery_id'],
          'the job holds only the id of its delivery, which holds the todo''s id, the seq and the sink: no user text');
select is((select count(*) from pg_temp.notices() n where (n->>'seq')::integer = (test.todo_row((n->>'todo_id')::uuid)->>'last_seq')::integer),
          3::bigint, 'each delivery names the attempt that dead-lettered its todo');
select is((select array_agg(distinct n->>'sink') from pg_temp.notices() n), array['instance'], 'for the instance''s sink');

select * from finish();
rollback;
