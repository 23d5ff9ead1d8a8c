begin;
select plan(8);

-- list_teams without an owner lists every team; for an owner, the teams it is in, with its role there, members,
-- queues and endpoints. An outsider's list is empty.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'team2' as team2, (:'f'::jsonb)->>'admin' as a,
       (:'f'::jsonb)->>'member' as m, (:'f'::jsonb)->>'outsider' as o, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w \gset

select ok(array[:'team', :'team2'] <@ (select array_agg(t->>'id') from jsonb_array_elements(switchboard.list_teams()->'teams') t),
          'the DBA''s list has both teams');
select switchboard.list_teams(:'m'::uuid)->'teams' as mine \gset
select is((select array_agg(t->>'id') from jsonb_array_elements(:'mine'::jsonb) t), array[:'team'], 'a member''s list: its team only');
select is((:'mine'::jsonb)->0->>'role', 'member', 'with its role');
select is((select array_agg(x->>'owner_id' order by x->>'owner_id') from jsonb_array_elements((:'mine'::jsonb)->0->'members') x),
          test.sorted(array[:'a', :'m']), 'the members');
select is((:'mine'::jsonb)->0->'queues', '["tq"]'::jsonb, 'the team queues');
select is((select array_agg(x->>'endpoint_id' order by x->>'endpoint_id') from jsonb_array_elements((:'mine'::jsonb)->0->'endpoints') x),
          test.sorted(array[:'r', :'w']), 'the team''s endpoints (not the admin''s personal one)');
select is(switchboard.list_teams(:'a'::uuid)->'teams'->0->>'role', 'admin', 'the admin''s role');
select is(switchboard.list_teams(:'o'::uuid)->'teams', '[]'::jsonb, 'an outsider''s list is empty');

select * from finish();
rollback;
