-- A team endpoint clocked back in is rung for the team's queues with work waiting as well as for its own.
begin;
select plan(1);

select test.set('webhook_allow_http', 'true');
select test.team() as t \gset
select (:'t'::jsonb->>'w')::uuid as w, (:'t'::jsonb->>'r')::uuid as r, (:'t'::jsonb->>'admin')::uuid as admin \gset
select switchboard.set_endpoint_doorbell_url(:'admin'::uuid, :'w'::uuid, 'http://127.0.0.1:9/bell') as s \gset
select switchboard.set_endpoint_presence(:'w'::uuid, false) as o \gset
select test.todo(:'r', 'tq') as team_todo \gset
select test.todo(:'w', 'own') as own_todo \gset
select switchboard.set_endpoint_presence(:'w'::uuid, true) as i \gset
select is(array(select q->>'queue' from test.queued('switchboard_doorbell_webhook') q
                 where (q->>'endpoint_id')::uuid = :'w' order by 1),
          array['own', 'tq'], 'clocked in: rung for its own queue and the team''s');

select * from finish();
rollback;
