begin;
select plan(4);

-- Lowering the cap takes effect on the next claim, without a restart: it prunes down to the new cap at once.
select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1000) as td \gset
select test.cycle(:'ep', :'td', 10);
select is(test.attempt_rows(:'td'), 10::bigint, 'ten rows under the default cap');
select test.set('attempt_history_max_per_todo', '5');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select is(test.attempt_rows(:'td'), 5::bigint, 'the next claim prunes to the new cap');
select is(((test.todo_row(:'td'))->>'attempts_pruned')::int, 6, 'and counts the six pruned');
select is((select array_agg(seq order by seq) from switchboard.todo_attempts where todo_id = :'td'),
          array[7, 8, 9, 10, 11], 'the newest rows, the open one among them, are kept');

select * from finish();
rollback;
