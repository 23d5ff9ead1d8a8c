begin;
select plan(7);

-- The webhook doorbell deliveries queued for an endpoint (the deliveries row, the job's payload and key).
create function pg_temp.doorbells(endpoint_id uuid) returns setof jsonb language sql as $$
  select q from test.queued('switchboard_doorbell_webhook') q where q->>'endpoint_id' = endpoint_id::text
$$;

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select test.endpoint() as quiet \gset
select switchboard.set_endpoint_doorbell_url(test.owner_of(:'ep'), :'ep'::uuid, 'http://127.0.0.1:9/bell') as s \gset

select test.todo(:'ep', 'builds') as t1 \gset
select test.todo(:'ep', 'builds') as t2 \gset
select test.todo(:'ep', 'builds') as t3 \gset
select is((select count(*) from pg_temp.doorbells(:'ep')), 1::bigint, 'three adds to one queue queue one delivery');
select is((select jsonb_build_object('queue', d->'queue', 'rings', d->'rings', 'payload', d->'payload', 'key', d->'key') from pg_temp.doorbells(:'ep') d),
          (select jsonb_build_object('queue', 'builds', 'rings', 3, 'payload', jsonb_build_object('delivery_id', d.id),
                                     'key', 'switchboard_doorbell:' || d.id)
             from switchboard.deliveries d where d.endpoint_id = :'ep'),
          'its delivery counts the three rings; the job carries only the delivery''s id, keyed by it: no endpoint id, no queue name');

select test.todo(:'ep', 'docs') as t4 \gset
select is((select count(*) from pg_temp.doorbells(:'ep')), 2::bigint, 'another queue has its own delivery');

select test.todo(:'quiet', 'builds') as t5 \gset
select is((select count(*) from pg_temp.doorbells(:'quiet')), 0::bigint, 'an endpoint without a doorbell_url queues none');

delete from graphile_worker._private_jobs;
select switchboard.add_todo(endpoint_id => :'ep', queue => 'later', run_at => now() + interval '1 hour') as fut \gset
select is((select count(*) from pg_temp.doorbells(:'ep')), 0::bigint, 'a todo claimable only later does not ring');

select switchboard.claim(:'ep'::uuid, :'t1'::uuid) as c \gset
select is((select count(*) from pg_temp.doorbells(:'ep')), 0::bigint, 'a claim does not ring');
select switchboard.release(:'ep'::uuid, :'t1'::uuid) as r \gset
select is((select count(*) from pg_temp.doorbells(:'ep')), 1::bigint, 'a release rings');

select * from finish();
rollback;
