begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1000) as td \gset
select test.set('attempt_history_max_per_todo', '100');
select test.cycle(:'ep', :'td', 102);

select is(test.attempt_rows(:'td'), 100::bigint, '''100'' keeps 100 rows');
select is(((test.todo_row(:'td'))->>'attempts_pruned')::int, 2, 'and counts the 2 pruned');

select * from finish();
rollback;
