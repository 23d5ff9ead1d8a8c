-- A doorbell delivery owed while the notification queue was too full is queued by the next ring that finds room, not
-- only by the sweep: that ring queues its job (under the delivery's key) and clears the mark, so the sweep does not
-- queue it again and the gauge of owed jobs falls at once. "Too full" is stood in for by notify_room answering false
-- (the rule itself, with a real stuck listener and flood, is a_webhook_job_is_owed_…).
begin;
select plan(6);

create function pg_temp.jobs_of(delivery uuid) returns bigint language sql as $$
  select count(*) from graphile_worker._private_jobs j where j.payload ->> 'delivery_id' = delivery::text
$$;

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select switchboard.set_endpoint_doorbell_url(test.owner_of(:'ep'), :'ep'::uuid, 'http://127.0.0.1:9/bell') as s \gset

create or replace function switchboard_internal.notify_room() returns boolean language sql as 'select false';
select test.todo(:'ep', 'q') as t1 \gset
select id as bell from switchboard.deliveries where endpoint_id = :'ep' and kind = 'doorbell' \gset
select is(array[(select job_owed_since is not null from switchboard.deliveries where id = :'bell')::text, pg_temp.jobs_of(:'bell')::text],
          array['true', '0'], 'a ring without room: the delivery owes its job, none queued');

create or replace function switchboard_internal.notify_room() returns boolean language sql as 'select true';
select test.todo(:'ep', 'q') as t2 \gset
select is((select rings from switchboard.deliveries where id = :'bell'), 2::bigint, 'the next ring counts on the same delivery');
select is((select job_owed_since from switchboard.deliveries where id = :'bell'), null::timestamptz,
          'finds room, and clears the owed mark');
select is((select array_agg(j.key) from graphile_worker._private_jobs j where j.payload ->> 'delivery_id' = :'bell'),
          array['switchboard_doorbell:' || :'bell'], 'and queues the one job, under the delivery''s key');
select is(switchboard.queue_owed_jobs(), 0, 'so the sweep finds nothing owed');
select is(switchboard.metrics() -> 'webhook_jobs_owed', '0'::jsonb, 'and the gauge of owed jobs is back at 0');

select * from finish();
rollback;
