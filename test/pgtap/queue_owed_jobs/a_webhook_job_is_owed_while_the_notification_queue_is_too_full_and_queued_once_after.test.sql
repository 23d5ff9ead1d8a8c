-- graphile_worker.add_job NOTIFYs on every call, and a NOTIFY into a full notification queue fails the transaction
-- that sends it; any login may LISTEN, sit in an open transaction and fill the queue. So while the queue is at least
-- notify_queue_max_percent full, a transition that would queue a webhook job (a doorbell, a dead letter's notice)
-- writes its delivery row and owes the job, and the worker's sweep queues it once there is room, once. Here a stuck
-- listener and a flood (20,000 notifications of 8 kB from another session, as any login could send) fill ~2 %, and
-- the setting at 1 makes that too full; at the default 50 there is room. The transitions run in this transaction.
begin;
select plan(16);

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('stuck', test.conninfo()) as stuck \gset
select dblink_exec('stuck', 'listen switchboard_test_flood') as stuck_listening \gset
select dblink_exec('stuck', 'begin') as stuck_began \gset
select dblink_exec('stuck', 'set local application_name = ''stuck''') as stuck_in_a_transaction \gset
select flooded from dblink('a', $q$select count(pg_notify('switchboard_test_flood', g::text || repeat('y', 7990)))::text
                                     from generate_series(1, 20000) g$q$) as x(flooded text) \gset
select cmp_ok(pg_notification_queue_usage(), '>=', 0.01::double precision, 'the flood fills at least 1 % of the queue');
select is((switchboard.metrics() ->> 'notification_queue_usage')::double precision, pg_notification_queue_usage(),
          'the metrics say how full the queue is');

-- The jobs this transaction queued for one delivery.
create function pg_temp.jobs_of(delivery uuid) returns bigint language sql as $$
  select count(*) from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
   where j.payload ->> 'delivery_id' = delivery::text
$$;

select test.set('webhook_allow_http', 'true');
select test.set('notify_queue_max_percent', '1');
select test.endpoint() as ep \gset
select switchboard.set_endpoint_doorbell_url(test.owner_of(:'ep'), :'ep'::uuid, 'http://127.0.0.1:9/bell') as s \gset
select switchboard.set_owner_notify_url(test.owner_of(:'ep'), 'https://hooks.example/dead') as s \gset

select test.todo(:'ep', 'q', 1) as t \gset
select id as bell from switchboard.deliveries where endpoint_id = :'ep' and kind = 'doorbell' \gset
select ok((select job_owed_since is not null from switchboard.deliveries where id = :'bell'),
          'a todo filed while the queue is too full makes its doorbell delivery, owing its job');
select is(pg_temp.jobs_of(:'bell'), 0::bigint, 'and queues no job (which would NOTIFY)');

select (switchboard.claim_next(:'ep'::uuid, 'q') ->> 'id') = :'t' as claimed \gset
select switchboard.fail(:'ep'::uuid, :'t'::uuid, summary => 'broke') ->> 'state' as failed \gset
select is(:'failed'::text, 'failed', 'the last attempt fails: a dead letter');
select id as notice from switchboard.deliveries where todo_id = :'t' and kind = 'dead_letter' \gset
select ok((select job_owed_since is not null from switchboard.deliveries where id = :'notice'),
          'the dead letter makes its notice''s delivery, owing its job');
select is(pg_temp.jobs_of(:'notice'), 0::bigint, 'and queues no job');

select is(switchboard.queue_owed_jobs(), 0, 'the sweep queues nothing while the queue is still too full');
select is((select count(*) from switchboard.deliveries where id in (:'bell', :'notice') and job_owed_since is not null),
          2::bigint, 'and both stay owed');
select is(switchboard.metrics() -> 'webhook_jobs_owed', '2'::jsonb, 'the metrics count the jobs owed');

select test.set('notify_queue_max_percent', '50');
select is(switchboard.queue_owed_jobs(), 2, 'with room, the sweep queues both owed jobs');
select is((select array_agg(k.identifier || coalesce(' ' || j.key, '') order by k.identifier)
             from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
            where j.payload ->> 'delivery_id' in (:'bell', :'notice')),
          array['switchboard_dead_letter', 'switchboard_doorbell_webhook switchboard_doorbell:' || :'bell'],
          'each its own task, the doorbell under its delivery''s key');
select is((select count(*) from switchboard.deliveries where id in (:'bell', :'notice') and job_owed_since is not null),
          0::bigint, 'neither is owed any more');
select is(switchboard.metrics() -> 'webhook_jobs_owed', '0'::jsonb, 'and the metrics none');
select is(switchboard.queue_owed_jobs(), 0, 'a second sweep queues nothing again');

select test.todo(:'ep', 'q') as t2 \gset
select is((select (rings, job_owed_since is null, pg_temp.jobs_of(id)) from switchboard.deliveries where id = :'bell'),
          row(2::bigint, true, 1::bigint), 'with room, a ring queues the job at once, onto the same keyed job');

select dblink_exec('stuck', 'rollback') as unstuck \gset
select dblink_disconnect('stuck') as ds \gset
select dblink_disconnect('a') as da \gset
select * from finish();
rollback;
