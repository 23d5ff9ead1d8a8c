-- A team todo dead-lettered at its cap by the reaper or by a claim_next that takes over a lapsed lease tells the
-- team's members with a notify_url (here the admin, who vended the endpoints), as a fail or a revoke does.
begin;
select plan(2);

create function pg_temp.sinks(todo_id uuid) returns text[] language sql as $$
  select coalesce(array_agg(q->>'sink' order by q->>'sink'), '{}') from test.queued('switchboard_dead_letter') q
   where q->>'todo_id' = todo_id::text
$$;

select switchboard.set_instance_dead_letter_sink(true) as sink \gset
select test.team() as t \gset
select (:'t'::jsonb->>'w')::uuid as w, (:'t'::jsonb->>'r')::uuid as r, (:'t'::jsonb->>'admin')::uuid as admin \gset
select switchboard.set_owner_notify_url(:'admin'::uuid, 'https://hooks.example/dead') as s \gset

select test.todo(:'r', 'tq', max_attempts => 1) as reaped \gset
select switchboard.claim(:'w'::uuid, :'reaped'::uuid) as c \gset
select test.lapse(:'reaped');
select switchboard.reap() as rp \gset
select is(pg_temp.sinks(:'reaped'), array['instance', 'member'], 'reaped at the cap: the member gets its delivery');

select test.todo(:'r', 'tq', max_attempts => 1) as taken \gset
select switchboard.claim(:'w'::uuid, :'taken'::uuid) as c \gset
select test.lapse(:'taken');
select switchboard.claim_next(:'w'::uuid, 'tq') as cn \gset
select is(pg_temp.sinks(:'taken'), array['instance', 'member'], 'dead-lettered by claim_next: the member gets its delivery');

select * from finish();
rollback;
