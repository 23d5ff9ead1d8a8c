begin;
select plan(4);

-- A team endpoint's queue that is not one of its team's queues is its own: claim_next(queue => pq) picks the todos the
-- endpoint added there (personal, team_id null), by endpoint id and by credential, and never the team's todo on
-- another queue.
select test.team() as f \gset
select (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'cw' as cw, (:'f'::jsonb)->>'r' as r \gset
select (switchboard.add_todo(endpoint_id => :'w'::uuid, queue => 'pq', priority => 1)->>'id') as own1 \gset
select (switchboard.add_todo(endpoint_id => :'w'::uuid, queue => 'pq', priority => 2)->>'id') as own2 \gset
select (switchboard.add_todo(endpoint_id => :'r'::uuid, queue => 'tq')->>'id') as team_todo \gset

select is((select team_id from switchboard.todos where id = :'own1'), null, 'an add to pq by a team endpoint is personal');
select is(switchboard.claim_next(:'w'::uuid, 'pq')->>'id', :'own2', 'pq: its own best');
set local role switchboard_agent;
select is(switchboard_agent.claim_next(:'cw', 'pq')->>'id', :'own1', 'pq by credential: its own next');
reset role;
select is(switchboard.claim_next(:'w'::uuid, 'pq'), '{"empty": true}'::jsonb, 'then none: the team''s todo on tq is not on pq');

select * from finish();
rollback;
