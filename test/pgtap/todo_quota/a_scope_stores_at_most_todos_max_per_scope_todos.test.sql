-- A tenant must not fill the disk every tenant shares: a scope (an endpoint's own todos, or a team's) stores at most
-- todos_max_per_scope todos, finished ones included until retention deletes them. One more is refused throttled and
-- stores nothing, by every path that files (add_todo, add_todos, a2a_send); a retried key still answers its todo;
-- other scopes have room of their own; what prune deletes gives the room back.
begin;
select plan(16);

select test.set('todos_max_per_scope', '3');
select test.endpoint() as ep \gset
select test.owner_of(:'ep') as owner \gset
select test.endpoint() as other \gset

select lives_ok(format($q$select switchboard.add_todo(%L, 'q', idempotency_key => 'k1')$q$, :'ep'), 'a first todo');
select lives_ok(format($q$select test.todo(%L, 'q2'), test.todo(%L, 'q3')$q$, :'ep', :'ep'), 'two more, in other queues: three');
select throws_ok(format($q$select switchboard.add_todo(%L, 'q')$q$, :'ep'), 'SB429',
                 'throttled: this scope already stores 3 todos, its quota (todos_max_per_scope)',
                 'a fourth is refused throttled, naming the setting');
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'), 3::bigint, 'and nothing was stored');
select is((switchboard.add_todo(:'ep', 'q', idempotency_key => 'k1') ->> 'state'), 'pending',
          'at the quota, a retried key still answers the todo it filed');
select throws_ok(format($q$select switchboard.add_todos(%L, '[{"queue": "q"}]')$q$, :'ep'), 'SB429',
                 'throttled: todos[0]: this scope already stores 3 todos, its quota (todos_max_per_scope)',
                 'add_todos is refused, naming the element');
select throws_ok(format($q$select switchboard.a2a_send(%L, 'm-1', null, '{"parts": [{"text": "x"}]}', 'q')$q$, :'ep'), 'SB429',
                 null, 'a2a_send is refused');
select is((select count(*) from switchboard.a2a_tasks where endpoint_id = :'ep'), 0::bigint, 'and keeps no task');
select lives_ok(format($q$select test.todo(%L, 'q'), test.todo(%L, 'q'), test.todo(%L, 'q')$q$, :'other', :'other', :'other'),
                'another endpoint has room of its own');

select test.set('todos_max_per_scope', '5');
select throws_ok(format($q$select switchboard.add_todos(%L, '[{"queue": "q"}, {"queue": "q"}, {"queue": "q"}]')$q$, :'ep'), 'SB429',
                 'throttled: todos[2]: this scope already stores 5 todos, its quota (todos_max_per_scope)',
                 'with two places left, a batch of three is refused at its third element');
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'), 3::bigint, 'and files none of them');

-- Finished todos still count; prune's deletions give their room back.
select test.set('todos_max_per_scope', '3');
select count(switchboard.cancel(:'owner', id)) as canceled from switchboard.todos where endpoint_id = :'ep' and queue <> 'q' \gset
select throws_ok(format($q$select switchboard.add_todo(%L, 'q')$q$, :'ep'), 'SB429', null,
                 'two canceled todos still count until retention deletes them');
select count(test.age(id, interval '40 days')) as aged from switchboard.todos where endpoint_id = :'ep' and queue <> 'q' \gset
select is(switchboard.prune(), 2, 'prune deletes the two');
select lives_ok(format($q$select test.todo(%L, 'q'), test.todo(%L, 'q')$q$, :'ep', :'ep'), 'and the scope has room for two again');
select throws_ok(format($q$select switchboard.add_todo(%L, 'q')$q$, :'ep'), 'SB429', null, 'but not three');
select is((select count(*) from switchboard.settings_in_force() s where s.key = 'todos_max_per_scope' and s.in_force = '3'), 1::bigint,
          'settings_in_force lists the quota once, in force');

select * from finish();
rollback;
