begin;
select plan(10);

-- The adding endpoint is provenance, never authority: T's requester is revoked with one team todo pending and one
-- that T's worker holds. Neither is dead-lettered or leaves the team; the worker completes the one it holds and
-- claims the other from the team queue; a member still reads both. The requester's credential is refused, as today.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'cr' as cr,
       (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'member' as m \gset
select test.todo(:'r', 'tq') as held \gset
select test.todo(:'r', 'tq') as waiting \gset
select switchboard.claim(:'w'::uuid, :'held'::uuid) as c \gset

select is(switchboard.revoke_endpoint(:'a'::uuid, :'r'::uuid)->'todos_dead_lettered', '0'::jsonb,
          'revoking the requester dead-letters none of the team''s todos');
select is((select array_agg(t.team_id::text) from switchboard.todos t where t.id in (:'held', :'waiting')), array[:'team', :'team'],
          'both stay the team''s');
select is((select jsonb_object_agg(t.id, t.state) from switchboard.todos t where t.id in (:'held', :'waiting')),
          jsonb_build_object(:'held', 'claimed', :'waiting', 'pending'), 'in the states they were in');
select is(test.ids(switchboard.owner_list_todos(:'m'::uuid)), test.sorted(array[:'held', :'waiting']), 'a member lists both');
select is(switchboard.complete(:'w'::uuid, :'held'::uuid)->>'state', 'done', 'the worker completes the one it held');
select is(switchboard.claim_next(:'w'::uuid, 'tq')->>'id', :'waiting', 'and claims the other from the team queue');
select is(switchboard.get_todo(:'w'::uuid, :'waiting'::uuid)->>'state', 'claimed', 'and reads it');
select is((select endpoint_id::text from switchboard.todos where id = :'waiting'), :'r', 'the revoked requester stays its adder');
set local role switchboard_agent;
select throws_ok(format('select switchboard_agent.get_todo(%L, %L::uuid)', :'cr', :'waiting'), 'SB403', null,
                 'the revoked requester''s credential is forbidden');
select throws_ok(format('select switchboard_agent.add_todo(%L, %L)', :'cr', 'tq'), 'SB403', null, 'and files nothing more');
reset role;

select * from finish();
rollback;
