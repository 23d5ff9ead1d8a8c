begin;
select plan(6);

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select switchboard.set_endpoint_doorbell_url(test.owner_of(:'ep'), :'ep'::uuid, 'http://127.0.0.1:9/bell') as s \gset
select test.todo(:'ep') as td \gset
select test.todo(:'ep', max_attempts => 1) as dl \gset

select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c1 \gset
delete from graphile_worker._private_jobs;
select test.lapse(:'td');
select switchboard.reap() as n \gset
select is(test.webhook_rings(), 1::bigint, 'the reaper re-queuing a lapsed lease rings');

select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c2 \gset
delete from graphile_worker._private_jobs;
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f \gset
select is(test.webhook_rings(), 0::bigint, 'a fail with a retry in the future does not ring yet');
select test.due(:'td');
select switchboard.requeue_due_retries() as n2 \gset
select is(test.webhook_rings(), 1::bigint, 'the due-retry sweep rings');

select switchboard.claim(:'ep'::uuid, :'dl'::uuid) as c3 \gset
select switchboard.fail(:'ep'::uuid, :'dl'::uuid) as f2 \gset
delete from graphile_worker._private_jobs;
select switchboard.retry_now(test.owner_of(:'ep'), :'dl'::uuid) as r \gset
select is(test.webhook_rings(), 1::bigint, 'a manual retry of a dead letter rings');

select test.set('retry_backoff_base_seconds', '0');
select switchboard.claim(:'ep'::uuid, :'dl'::uuid) as c4 \gset
delete from graphile_worker._private_jobs;
update switchboard.todos set max_attempts = 5 where id = :'dl';
select switchboard.fail(:'ep'::uuid, :'dl'::uuid) as f3 \gset
select is((test.todo_row(:'dl'))->>'state', 'failed', 'with zero backoff a fail schedules a retry due at once');
select is(test.webhook_rings(), 1::bigint, 'and rings, since claim_next can take it now');

select * from finish();
rollback;
