begin;
select plan(4);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1000) as td \gset
select test.todo(:'ep', max_attempts => 1000) as td0 \gset

select test.set('attempt_history_max_per_todo', '3');
select test.cycle(:'ep', :'td', 8);
select is(test.attempt_rows(:'td'), 5::bigint, '''3'' keeps 5 rows');
select is(((test.todo_row(:'td'))->>'attempts_pruned')::int, 3, 'and counts the 3 pruned');

select test.set('attempt_history_max_per_todo', '0');
select test.cycle(:'ep', :'td0', 6);
select is(test.attempt_rows(:'td0'), 5::bigint, '''0'' keeps 5 rows');
select is(((test.todo_row(:'td0'))->>'attempts_pruned')::int, 1, 'and counts the 1 pruned');

select * from finish();
rollback;
