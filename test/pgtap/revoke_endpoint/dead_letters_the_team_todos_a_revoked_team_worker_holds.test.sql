begin;
select plan(11);

-- Revoking T's worker dead-letters what it holds, as today: its own personal claimed todo, and the team todos whose
-- lease its agent holds (added by the requester), their attempts closed revoked/dead_lettered. A team todo another
-- worker of T holds and a pending team todo are untouched; a member reads the closed attempt and
-- finds the team's dead letter among its own (the worker's personal one is its vendor's only).
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w,
       (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'member' as m \gset
select switchboard.vend_endpoint(owner_id => :'a'::uuid, agent_id => 'worker-2', verbs => null, team_id => :'team'::uuid)->>'endpoint_id' as w3 \gset
select test.todo(:'r', 'tq') as team_held \gset
select test.todo(:'r', 'tq') as other_held \gset
select test.todo(:'r', 'tq') as waiting \gset
select test.todo(:'w', 'pq') as own_held \gset
select switchboard.claim(:'w'::uuid, :'team_held'::uuid) as c \gset
select switchboard.claim(:'w3'::uuid, :'other_held'::uuid) as c \gset
select switchboard.claim(:'w'::uuid, :'own_held'::uuid) as c \gset

select is(switchboard.revoke_endpoint(:'a'::uuid, :'w'::uuid)->'todos_dead_lettered', '2'::jsonb,
          'revoking the worker dead-letters the two todos it holds');
select is((select jsonb_object_agg(t.id, jsonb_build_object('state', t.state, 'retry', t.next_retry_at)) from switchboard.todos t
            where t.id in (:'team_held', :'own_held')),
          jsonb_build_object(:'team_held', '{"state": "failed", "retry": null}'::jsonb, :'own_held', '{"state": "failed", "retry": null}'::jsonb),
          'both are dead letters');
select is(test.attempt_row(:'team_held', 1)->>'outcome', 'revoked', 'the team todo''s attempt closes revoked');
select is(test.attempt_row(:'team_held', 1)->>'disposition', 'dead_lettered', 'dead_lettered');
select is((select team_id::text from switchboard.todos where id = :'team_held'), :'team', 'the team todo stays the team''s');
select is((select state from switchboard.todos where id = :'other_held'), 'claimed', 'the other worker''s lease is untouched');
select is((select owner from switchboard.todos where id = :'other_held'), 'agent:worker-2', 'held as it was');
select is((select state from switchboard.todos where id = :'waiting'), 'pending', 'a pending team todo is untouched');
select is(switchboard.owner_get_todo(:'m'::uuid, :'team_held'::uuid)->'attempts'->0->>'outcome', 'revoked',
          'a member reads the closed attempt');
select is(test.ids(switchboard.owner_list_todos(:'m'::uuid, dead_letter => true)), array[:'team_held'],
          'a member''s dead letters: the team''s, not the worker''s personal one');
select is(test.ids(switchboard.owner_list_todos(:'a'::uuid, dead_letter => true)), test.sorted(array[:'team_held', :'own_held']),
          'the admin who vended the worker: both');

select * from finish();
rollback;
