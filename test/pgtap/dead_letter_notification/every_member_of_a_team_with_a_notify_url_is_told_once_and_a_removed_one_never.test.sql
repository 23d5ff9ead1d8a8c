begin;
select plan(12);

-- A team todo's dead letter is told to every member of its team with a notify_url, one delivery each, whichever
-- transition made it (fail at the cap, revoke), and to no one outside the team; a personal todo's still only to its
-- endpoint's owner. A member removed hears nothing more: its queued notices go in the removal's transaction, a
-- notice read after it has no URL, and a later dead letter queues none for it.
create function pg_temp.members(td uuid) returns uuid[] language sql as $$
  select coalesce(array_agg(q.owner_id order by q.owner_id), '{}')
    from switchboard.deliveries q where q.kind = 'dead_letter' and q.todo_id = td and q.sink = 'member'
$$;
create function pg_temp.sinks(todo_id uuid) returns text[] language sql as $$
  select coalesce(array_agg(q->>'sink' order by q->>'sink'), '{}') from test.queued('switchboard_dead_letter') q
   where q->>'todo_id' = todo_id::text
$$;
create function pg_temp.sorted(variadic ids uuid[]) returns uuid[] language sql as $$
  select array_agg(i order by i) from unnest(ids) i
$$;

select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'p' as p,
       (:'f'::jsonb)->>'admin' as admin, (:'f'::jsonb)->>'member' as member, (:'f'::jsonb)->>'outsider' as outsider,
       (:'f'::jsonb)->>'other' as other \gset
-- A third member who set no notify_url.
select (switchboard.add_owner('quiet-' || substr(md5(random()::text), 1, 8))->>'owner_id') as quiet \gset
select switchboard.add_team_member(:'team'::uuid, :'quiet'::uuid, 'member') as a \gset
select switchboard.set_owner_notify_url(:'admin'::uuid, 'https://hooks.example/admin') as s1,
       switchboard.set_owner_notify_url(:'member'::uuid, 'https://hooks.example/member') as s2,
       switchboard.set_owner_notify_url(:'outsider'::uuid, 'https://hooks.example/outsider') as s3,
       switchboard.set_owner_notify_url(:'other'::uuid, 'https://hooks.example/other') as s4 \gset

select test.todo(:'r', 'tq', max_attempts => 1) as failed \gset
select switchboard.claim(:'w'::uuid, :'failed'::uuid) as c, switchboard.fail(:'w'::uuid, :'failed'::uuid) as fl \gset
select is(pg_temp.members(:'failed'), pg_temp.sorted(:'admin', :'member'),
          'fail at the cap: one delivery for each member with a notify_url, none for the quiet one, none outside the team');
select is(pg_temp.sinks(:'failed'), array['member', 'member'], 'each its own job, and no owner delivery besides');
select is((select array_agg(switchboard_worker.delivery(q.id)->>'url' order by q.owner_id)
             from switchboard.deliveries q where q.todo_id = :'failed'::uuid),
          (select array_agg(o.notify_url order by o.id) from switchboard.owners o where o.id in (:'admin', :'member')),
          'each delivery posts to its own member''s URL');
select is((select count(distinct switchboard_worker.delivery(q.id)->>'delivery_key')
             from switchboard.deliveries q where q.todo_id = :'failed'::uuid), 2::bigint,
          'with a delivery key of its own');
select is((select switchboard_worker.delivery(q.id)->'body'->>'todo_id' from switchboard.deliveries q
            where q.todo_id = :'failed'::uuid and q.owner_id = :'member'::uuid), :'failed',
          'the plain member, who vended nothing, gets the notice of the team''s dead letter');

select test.todo(:'r', 'tq') as held \gset
select switchboard.claim(:'w'::uuid, :'held'::uuid) as c \gset
select switchboard.revoke_endpoint(:'admin'::uuid, :'w'::uuid) as rv \gset
select is(pg_temp.members(:'held'), pg_temp.sorted(:'admin', :'member'), 'a revoke that dead-letters a team todo: the same');

select test.todo(:'p', 'q', max_attempts => 1) as personal \gset
select switchboard.claim(:'p'::uuid, :'personal'::uuid) as c, switchboard.fail(:'p'::uuid, :'personal'::uuid) as fl \gset
select is(pg_temp.sinks(:'personal'), array['owner'], 'a personal todo: only its endpoint''s owner, as before');

-- Removal: the member's queued notices go with it, in the same transaction; the admin's stay.
select switchboard.remove_team_member(:'team'::uuid, :'member'::uuid) as rm \gset
select is(pg_temp.members(:'failed'), array[:'admin'::uuid], 'the removed member''s queued notices are gone');
select is(pg_temp.members(:'held'), array[:'admin'::uuid], 'all of them');

-- A notice queued for it before the removal committed (a concurrent dead letter) posts nowhere.
insert into switchboard.deliveries (kind, todo_id, seq, sink, owner_id)
values ('dead_letter', :'failed', 1, 'member', :'member') returning id as stray \gset
select is(switchboard_worker.delivery(:'stray'::uuid)->>'url', null, 'a notice read after the removal has no URL');

select test.endpoint() as spare \gset
select (switchboard.vend_endpoint(owner_id => :'admin'::uuid, agent_id => 'worker-2', verbs => null,
                                  team_id => :'team'::uuid)->>'endpoint_id') as w2 \gset
select test.todo(:'r', 'tq', max_attempts => 1) as later \gset
select switchboard.claim(:'w2'::uuid, :'later'::uuid) as c, switchboard.fail(:'w2'::uuid, :'later'::uuid) as fl \gset
select is(pg_temp.members(:'later'), array[:'admin'::uuid], 'a later dead letter queues nothing for the removed member');
select is((select count(*) from switchboard.deliveries q where q.sink = 'member'
            group by q.todo_id, q.seq, q.owner_id order by 1 desc limit 1), 1::bigint, 'never two for one member and one dead letter');

select * from finish();
rollback;
