-- Clocked back in, an endpoint is rung once for every queue with work waiting, however many: four queues here, its
-- own and its team's.
begin;
select plan(2);

select test.set('webhook_allow_http', 'true');
select test.team() as t \gset
select (:'t'::jsonb->>'w')::uuid as w, (:'t'::jsonb->>'r')::uuid as r, (:'t'::jsonb->>'admin')::uuid as admin,
       (:'t'::jsonb->>'team')::uuid as team \gset
select switchboard.add_team_queue(:'team'::uuid, q) from unnest(array['tq2', 'tq3']) q;
select switchboard.set_endpoint_doorbell_url(:'admin'::uuid, :'w'::uuid, 'http://127.0.0.1:9/bell') as s \gset
select switchboard.set_endpoint_presence(:'w'::uuid, false) as o \gset
select test.todo(:'w', q) from unnest(array['a', 'b', 'c', 'd']) q;
select test.todo(:'r', q) from unnest(array['tq', 'tq2', 'tq3']) q;
select lives_ok(format('select switchboard.set_endpoint_presence(%L::uuid, true)', :'w'), 'clocks in');
select is(array(select q->>'queue' from test.queued('switchboard_doorbell_webhook') q
                 where (q->>'endpoint_id')::uuid = :'w' order by 1),
          array['a', 'b', 'c', 'd', 'tq', 'tq2', 'tq3'], 'rung once for each of its queues and each of the team''s');

select * from finish();
rollback;
