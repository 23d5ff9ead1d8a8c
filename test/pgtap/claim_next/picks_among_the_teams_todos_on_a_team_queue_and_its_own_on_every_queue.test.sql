begin;
select plan(10);

-- claim_next(queue => tq), tq a team queue: the best of the team's todos there, whichever endpoint of the team added
-- them. claim_next over every queue: the endpoint's own todos and the team's, best first. By endpoint id and by
-- credential; another endpoint's personal todo on the same queue name is never picked.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'p' as p,
       (:'f'::jsonb)->>'cw' as cw \gset
select (switchboard.add_todo(endpoint_id => :'p'::uuid, queue => 'tq', priority => 100)->>'id') as not_team \gset
select (switchboard.add_todo(endpoint_id => :'r'::uuid, queue => 'tq', priority => 1)->>'id') as low \gset
select (switchboard.add_todo(endpoint_id => :'r'::uuid, queue => 'tq', priority => 5)->>'id') as high \gset
select (switchboard.add_todo(endpoint_id => :'w'::uuid, queue => 'tq', priority => 3)->>'id') as mid \gset
select (switchboard.add_todo(endpoint_id => :'w'::uuid, queue => 'pq', priority => 4)->>'id') as own \gset
select is((select team_id::text from switchboard.todos where id = :'mid'), :'team', 'the worker''s own add to tq is the team''s');

select is(switchboard.claim_next(:'w'::uuid, 'tq')->>'id', :'high', 'tq: the team''s best');
set local role switchboard_agent;
select is(switchboard_agent.claim_next(:'cw', 'tq')->>'id', :'mid', 'tq by credential: the next');
reset role;
select is(switchboard.claim_next(:'w'::uuid, 'tq')->>'id', :'low', 'tq: the last');
select is(switchboard.claim_next(:'w'::uuid, 'tq'), '{"empty": true}'::jsonb, 'then none: the admin''s personal todo on tq is not the team''s');

-- Every queue, best first across the worker's own and the team's.
select (switchboard.add_todo(endpoint_id => :'r'::uuid, queue => 'tq', priority => 7)->>'id') as team_best \gset
select (switchboard.add_todo(endpoint_id => :'r'::uuid, queue => 'tq', priority => 2)->>'id') as team_last \gset
select is(switchboard.claim_next(:'w'::uuid)->>'id', :'team_best', 'every queue: the team''s 7');
set local role switchboard_agent;
select is(switchboard_agent.claim_next(:'cw')->>'id', :'own', 'then its own 4 (by credential)');
reset role;
select is(switchboard.claim_next(:'w'::uuid)->>'id', :'team_last', 'then the team''s 2');
select is(switchboard.claim_next(:'w'::uuid), '{"empty": true}'::jsonb, 'then none');
select is((select state from switchboard.todos where id = :'not_team'), 'pending', 'the admin''s personal todo was never picked');

select * from finish();
rollback;
