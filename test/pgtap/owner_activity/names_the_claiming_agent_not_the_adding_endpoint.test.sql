begin;
select plan(3);

-- In a team the endpoint that adds a todo is often not the agent that works it: the feed's agent_id is the claimer's
-- (from the lease holder), added_by the adding endpoint's agent id.
select test.team() as f \gset
select (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'member' as m \gset
select test.todo(:'r', 'tq') as t \gset
select switchboard.claim(:'w'::uuid, :'t'::uuid) as x \gset
select switchboard.complete(:'w'::uuid, :'t'::uuid) as x \gset
select switchboard.owner_activity(:'m'::uuid)->'activity'->0 as a \gset

select is((:'a'::jsonb)->>'todo_id', :'t', 'the team todo''s attempt is in a member''s feed');
select is((:'a'::jsonb)->>'agent_id', 'worker-1', 'agent_id names the worker that claimed it');
select is((:'a'::jsonb)->>'added_by', 'requester', 'added_by names the requester that added it');

select * from finish();
rollback;
