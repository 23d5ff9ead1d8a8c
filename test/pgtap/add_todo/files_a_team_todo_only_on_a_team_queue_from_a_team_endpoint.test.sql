begin;
select plan(9);

-- A todo is the team's iff an endpoint of the team adds it to one of the team's queues; the adding endpoint is kept
-- as provenance. A team endpoint on another queue, a personal endpoint (even the team admin's) on the team queue's
-- name, and another team's endpoint on its own team queue of the same name all file as before. A todo added before its
-- queue became a team queue stays personal; the next one is the team's.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'team2' as team2, (:'f'::jsonb)->>'r' as r,
       (:'f'::jsonb)->>'p' as p, (:'f'::jsonb)->>'w2' as w2, (:'f'::jsonb)->>'cr' as cr \gset

select test.todo(:'r', 'tq') as team_todo \gset
select is((select jsonb_build_object('team_id', team_id, 'scope_id', scope_id, 'endpoint_id', endpoint_id) from switchboard.todos where id = :'team_todo'),
          jsonb_build_object('team_id', :'team', 'scope_id', :'team', 'endpoint_id', :'r'), 'the requester on tq: the team''s, the requester its adder');
set local role switchboard_agent;
select switchboard_agent.add_todo(:'cr', 'tq')->>'id' as by_cred \gset
reset role;
select is((select team_id::text from switchboard.todos where id = :'by_cred'), :'team', 'the same through its credential');
select test.todo(:'r', 'pq') as off_queue \gset
select is((select jsonb_build_object('team_id', team_id, 'scope_id', scope_id) from switchboard.todos where id = :'off_queue'),
          jsonb_build_object('team_id', null, 'scope_id', :'r'), 'the requester on pq, no team queue: personal, its own scope');
select test.todo(:'p', 'tq') as personal \gset
select is((select jsonb_build_object('team_id', team_id, 'scope_id', scope_id) from switchboard.todos where id = :'personal'),
          jsonb_build_object('team_id', null, 'scope_id', :'p'), 'the admin''s personal endpoint on tq: personal');
select test.todo(:'w2', 'tq') as theirs \gset
select is((select team_id::text from switchboard.todos where id = :'theirs'), :'team2', 'another team''s endpoint on its tq: its own team''s');

select test.todo(:'r', 'later') as before_queue \gset
select switchboard.add_team_queue(:'team'::uuid, 'later') as x \gset
select test.todo(:'r', 'later') as after_queue \gset
select is((select team_id from switchboard.todos where id = :'before_queue'), null, 'added before later became a team queue: personal');
select is((select team_id::text from switchboard.todos where id = :'after_queue'), :'team', 'added after: the team''s');
select is(test.ids(switchboard.list_todos(:'r'::uuid, queue => 'later')), test.sorted(array[:'before_queue', :'after_queue']),
          'the requester lists both');
select is(test.ids(switchboard.list_todos(((:'f'::jsonb)->>'w')::uuid, queue => 'later')), array[:'after_queue'],
          'T''s worker only the team''s');

select * from finish();
rollback;
