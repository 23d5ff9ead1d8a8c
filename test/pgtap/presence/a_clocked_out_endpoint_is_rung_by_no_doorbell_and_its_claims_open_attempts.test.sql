-- Presence gates doorbells, never history (ADR-0027). Clocked out, an endpoint's todos becoming claimable (an add, a
-- release, a due retry) queue no webhook delivery and send no ring (each skip counted for metrics), a webhook delivery
-- queued before is dropped and counted, and its claims open attempts exactly as before.
begin;
select plan(8);

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select switchboard.set_endpoint_doorbell_url(test.owner_of(:'ep'), :'ep'::uuid, 'http://127.0.0.1:9/bell') as s \gset
select test.todo(:'ep', 'builds') as before_out \gset
select is((select count(*) from test.queued('switchboard_doorbell_webhook')), 1::bigint, 'clocked in, an add queues a webhook delivery');

select switchboard.set_endpoint_presence(:'ep'::uuid, false) as o \gset
select is((select count(*) from switchboard.deliveries d where d.endpoint_id = :'ep'), 0::bigint, 'clocking out drops it');
select is((switchboard.metrics()->>'doorbells_skipped')::integer, 1, 'counted as a doorbell skipped');

select test.todo(:'ep', 'builds') as t1 \gset
select switchboard.claim(:'ep'::uuid, :'t1'::uuid) as c \gset
select switchboard.release(:'ep'::uuid, :'t1'::uuid) as r \gset
select is((select count(*) from switchboard.deliveries d where d.endpoint_id = :'ep'), 0::bigint,
          'clocked out, an add and a release queue nothing');
select is((switchboard.metrics()->>'doorbells_skipped')::integer, 3, 'and each is counted');
select is(switchboard.claim(:'ep'::uuid, :'t1'::uuid)->>'attempt_seq', '2', 'a claim still opens an attempt');
select switchboard.fail(:'ep'::uuid, :'t1'::uuid) as f \gset
select test.due(:'t1');
select is(switchboard.requeue_due_retries(), 1, 'a due retry is still re-queued');
select is((select count(*) from switchboard.deliveries d where d.endpoint_id = :'ep'), 0::bigint, 'without a doorbell');

select * from finish();
rollback;
