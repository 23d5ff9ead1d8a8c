-- Clocked back in, an endpoint is rung once for each of its queues with a todo claimable now, so the work that came
-- while it was out reaches its webhook (and its long polls); a queue whose todos are not due yet is not rung.
begin;
select plan(3);

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select switchboard.set_endpoint_doorbell_url(test.owner_of(:'ep'), :'ep'::uuid, 'http://127.0.0.1:9/bell') as s \gset
select switchboard.set_endpoint_presence(:'ep'::uuid, false) as o \gset
select test.todo(:'ep', 'builds') as a \gset
select test.todo(:'ep', 'builds') as b \gset
select test.todo(:'ep', 'docs') as c \gset
select switchboard.add_todo(endpoint_id => :'ep', queue => 'later', run_at => now() + interval '1 hour') as d \gset
select is((select count(*) from test.queued('switchboard_doorbell_webhook')), 0::bigint, 'nothing queued while out');

select switchboard.set_endpoint_presence(:'ep'::uuid, true) as i \gset
select is(array(select q->>'queue' from test.queued('switchboard_doorbell_webhook') q order by 1), array['builds', 'docs'],
          'clocked in: one delivery per queue with work waiting, none for a queue not due yet');
select is((select sum((q->>'rings')::integer) from test.queued('switchboard_doorbell_webhook') q), 2::bigint, 'each rung once');

select * from finish();
rollback;
