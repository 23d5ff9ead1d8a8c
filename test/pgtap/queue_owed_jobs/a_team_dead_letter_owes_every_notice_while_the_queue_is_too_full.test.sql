-- A team todo's dead letter makes a delivery for the instance's sink and one per member with a notify_url, in one
-- INSERT … RETURNING loop that queues each one's job; while the notification queue is too full each is owed instead,
-- and the sweep queues them all once there is room. "Too full" is stood in for here by notify_room answering false
-- (the rule itself, with a real stuck listener and flood, is a_webhook_job_is_owed_…): this file is about the loop.
begin;
select plan(5);

select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w,
       (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'member' as m \gset
select switchboard.set_owner_notify_url(:'a'::uuid, 'https://hooks.example/a') as s \gset
select switchboard.set_owner_notify_url(:'m'::uuid, 'https://hooks.example/m') as s \gset
select test.set('instance_dead_letter_sink', 'true');
select test.todo(:'r', 'tq') as t \gset
select switchboard.claim(:'w'::uuid, :'t'::uuid) as c \gset

create or replace function switchboard_internal.notify_room() returns boolean language sql as 'select false';
select is(switchboard.revoke_endpoint(:'a'::uuid, :'w'::uuid) -> 'todos_dead_lettered', '1'::jsonb,
          'revoking the worker that holds the team todo dead-letters it');
select is((select array_agg(sink || ':' || (job_owed_since is not null) order by sink, owner_id)
             from switchboard.deliveries where todo_id = :'t'),
          array['instance:true', 'member:true', 'member:true'], 'the instance''s and both members'' notices, each owed');
select is((select count(*) from graphile_worker._private_jobs j
            where j.payload ->> 'delivery_id' in (select id::text from switchboard.deliveries where todo_id = :'t')),
          0::bigint, 'and no job queued');

create or replace function switchboard_internal.notify_room() returns boolean language sql as 'select true';
select is(switchboard.queue_owed_jobs(), 3, 'with room, the sweep queues the three');
select is((select count(*) from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
            where k.identifier = 'switchboard_dead_letter'
              and j.payload ->> 'delivery_id' in (select id::text from switchboard.deliveries
                                                   where todo_id = :'t' and job_owed_since is null)),
          3::bigint, 'one dead-letter job for each, none owed any more');

select * from finish();
rollback;
