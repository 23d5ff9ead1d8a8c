-- Todos deleted or inserted by hand leave a scope's count wrong: counted too high, the scope is refused adds it has
-- room for. recount_stored_todos sets the count to what the scope stores, one scope or all, and says what it changed.
begin;
select plan(8);

select test.set('todos_max_per_scope', '3');
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r \gset
select test.endpoint() as ep \gset
select test.todo(:'ep', 'q') as t1, test.todo(:'ep', 'q') as t2, test.todo(:'ep', 'q') as t3, test.todo(:'r', 'tq') as t4 \gset

-- By hand: one of the endpoint's todos deleted, one team todo inserted; neither counted.
delete from switchboard.todos where id = (select id from switchboard.todos where endpoint_id = :'ep' limit 1);
insert into switchboard.todos (endpoint_id, team_id, queue, max_attempts, ready_at) values (:'r', :'team', 'tq', 3, now());
select throws_ok(format($q$select switchboard.add_todo(%L, 'q')$q$, :'ep'), 'SB429', null,
                 'counted too high, a scope with room is refused');

select is(switchboard.recount_stored_todos(:'ep'), '{"scopes": 1, "corrected": 1, "difference": -1}'::jsonb,
          'one scope recounted: one todo fewer than its count');
select is((select sum(stored)::integer from switchboard.scope_todo_counts where scope_id = :'ep'), 2, 'its count is what it stores');
select is((select sum(stored)::integer from switchboard.scope_todo_counts where scope_id = :'team'), 1,
          'another scope is left as it was');
select lives_ok(format($q$select switchboard.add_todo(%L, 'q')$q$, :'ep'), 'and the scope files up to its quota again');

select is((switchboard.recount_stored_todos() ->> 'corrected')::integer >= 1, true, 'every scope: the team''s corrected too');
select is((select sum(stored)::integer from switchboard.scope_todo_counts where scope_id = :'team'), 2, 'its count is what it stores');
select is(switchboard.recount_stored_todos() - 'scopes', '{"corrected": 0, "difference": 0}'::jsonb,
          'a second recount finds nothing to correct');

select * from finish();
rollback;
