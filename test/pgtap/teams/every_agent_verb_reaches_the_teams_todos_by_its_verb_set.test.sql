begin;
select plan(22);

-- Team T's requester (add_todo, get_todo, list_todos, cancel) files work on T's team queue over its credential, and
-- T's worker (another endpoint, every verb) drains it: each agent entry point, as switchboard_agent, acts on a todo the
-- caller did not add, by its own verb set. The todos are the team's (team_id, scope_id), the requester stays on them
-- as provenance, and the worker's attempts are on them.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w,
       (:'f'::jsonb)->>'cr' as cr, (:'f'::jsonb)->>'cw' as cw \gset

set local role switchboard_agent;
select switchboard_agent.add_todo(:'cr', 'tq', title => 'first', priority => 3)->>'id' as t1 \gset
select switchboard_agent.add_todo(:'cr', 'tq', title => 'second', priority => 2)->>'id' as t2 \gset
select switchboard_agent.add_todo(:'cr', 'tq', title => 'third', priority => 1)->>'id' as t3 \gset

-- claim_next on the team queue, heartbeat, complete.
select is(switchboard_agent.claim_next(:'cw', 'tq')->>'id', :'t1', 'claim_next(queue => tq): the worker picks the requester''s best todo');
select is(switchboard_agent.heartbeat(:'cw', :'t1'::uuid)->>'state', 'claimed', 'heartbeat on it');
select is(switchboard_agent.complete(:'cw', :'t1'::uuid, result => '{"ok": true}')->>'state', 'done', 'complete it');

-- claim by id, release, claim_next over every queue, fail.
select is(switchboard_agent.claim(:'cw', :'t2'::uuid)->>'id', :'t2', 'claim by id');
select is(switchboard_agent.release(:'cw', :'t2'::uuid)->>'state', 'pending', 'release it');
select is(switchboard_agent.claim_next(:'cw')->>'id', :'t2', 'claim_next over every queue picks the team''s best todo');
select is(switchboard_agent.fail(:'cw', :'t2'::uuid)->>'state', 'failed', 'fail it');

-- The requester follows: get_todo with the worker's attempts, list_todos; cancels one the worker holds.
select switchboard_agent.get_todo(:'cr', :'t1'::uuid) as d1 \gset
select is(jsonb_build_object('state', (:'d1'::jsonb)->>'state', 'attempts', jsonb_array_length((:'d1'::jsonb)->'attempts')),
          '{"state": "done", "attempts": 1}'::jsonb, 'get_todo: the requester reads the done todo with the worker''s attempt');
select is(switchboard_agent.get_todo(:'cr', :'t2'::uuid)->'attempts_total', '2'::jsonb, 'and both attempts of the failed one');
select is(test.ids(switchboard_agent.list_todos(:'cr')), test.sorted(array[:'t1', :'t2', :'t3']),
          'list_todos: the requester lists the team''s todos');
select is(test.ids(switchboard_agent.list_todos(:'cw')), test.ids(switchboard_agent.list_todos(:'cr')),
          'and the worker lists the same');
select is(switchboard_agent.claim_next(:'cw', 'tq')->>'id', :'t3', 'the worker holds the third');
select is(switchboard_agent.cancel(:'cr', :'t3'::uuid)->>'state', 'canceled', 'cancel: the requester cancels the todo the worker holds');

-- A2A: the requester sends, the worker reads and lists, the requester cancels.
select switchboard_agent.a2a_send(:'cr', 'm-1', null, '{}', 'tq')->'task'->>'id' as t4 \gset
select is(switchboard_agent.a2a_get(:'cw', :'t4'::uuid)->'task'->>'id', :'t4', 'a2a_get: the worker reads the requester''s task');
select ok(:'t4' = any (test.ids(switchboard_agent.a2a_list(:'cw'))), 'a2a_list: the worker lists it');
select is(switchboard_agent.a2a_cancel(:'cr', :'t4'::uuid)->'task'->'status'->>'state', 'TASK_STATE_CANCELED',
          'a2a_cancel: the requester cancels it');
reset role;

-- What the rows say: the team's scope; the requester as provenance; the worker on the attempts.
select is((select array_agg(distinct t.team_id::text) from switchboard.todos t where t.id in (:'t1', :'t2', :'t3', :'t4')),
          array[:'team'], 'every todo is the team''s (team_id)');
select is((select array_agg(distinct t.scope_id::text) from switchboard.todos t where t.id in (:'t1', :'t2', :'t3', :'t4')),
          array[:'team'], 'and in the team''s scope (scope_id)');
select is((select array_agg(distinct t.endpoint_id::text) from switchboard.todos t where t.id in (:'t1', :'t2', :'t3', :'t4')),
          array[:'r'], 'the adding endpoint is the requester');
select is((select array_agg(distinct a.endpoint_id::text) from switchboard.todo_attempts a where a.todo_id in (:'t1', :'t2', :'t3')),
          array[:'w'], 'every attempt is the worker''s');
select is((select jsonb_build_object('outcome', a.outcome, 'disposition', a.disposition) from switchboard.todo_attempts a
            where a.todo_id = :'t3'),
          '{"outcome": "canceled", "disposition": "canceled"}'::jsonb, 'the requester''s cancel closed the worker''s attempt');
select is((select count(*) from switchboard.todo_attempts a where a.todo_id = :'t4'), 0::bigint, 'the canceled task never ran');

select * from finish();
rollback;
