-- A redrive rings the queue once however many it retried (the endpoint's doorbell webhook: one job); one that
-- retried nothing rings nothing.
begin;
select plan(3);

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select test.owner_of(:'ep') as owner \gset
select switchboard.set_endpoint_doorbell_url(:'owner'::uuid, :'ep'::uuid, 'http://127.0.0.1:9/bell') as s \gset
select count(test.todo(:'ep', 'q', max_attempts => 1)) as n from generate_series(1, 3) \gset
create temp table dead as select id from switchboard.todos where scope_id = :'ep';
select count(switchboard.claim(:'ep'::uuid, id)) as c from dead \gset
select count(switchboard.fail(:'ep'::uuid, id)) as f from dead \gset
delete from graphile_worker._private_jobs;

select is(switchboard.retry_dead_letters(:'owner'::uuid, 'empty-q') ->> 'retried', '0', 'a queue without dead letters');
select is(test.webhook_rings(), 0::bigint, 'retrying none rings nothing');
select switchboard.retry_dead_letters(:'owner'::uuid, 'q') as r \gset
select is(test.webhook_rings(), 1::bigint, 'three retried, one ring');

select * from finish();
rollback;
