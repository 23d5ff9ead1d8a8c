begin;
select plan(6);

-- Anything that is not a whole number 0..999999 means 50.
select test.endpoint() as ep \gset
create temporary table cases (value text, todo_id uuid) on commit drop;
insert into cases values ('-1', null), ('abc', null), ('1000000', null), ('2.5', null), ('', null), (' 7', null);
update cases set todo_id = test.todo(:'ep', max_attempts => 1000);

select test.set('attempt_history_max_per_todo', c.value), test.cycle(:'ep', c.todo_id, 52)
  from cases c where c.value = '-1';
select is(test.attempt_rows(todo_id), 50::bigint, '''-1'' means 50') from cases where value = '-1';
select test.set('attempt_history_max_per_todo', c.value), test.cycle(:'ep', c.todo_id, 52)
  from cases c where c.value = 'abc';
select is(test.attempt_rows(todo_id), 50::bigint, '''abc'' means 50') from cases where value = 'abc';
select test.set('attempt_history_max_per_todo', c.value), test.cycle(:'ep', c.todo_id, 52)
  from cases c where c.value = '1000000';
select is(test.attempt_rows(todo_id), 50::bigint, '''1000000'' means 50') from cases where value = '1000000';
select test.set('attempt_history_max_per_todo', c.value), test.cycle(:'ep', c.todo_id, 52)
  from cases c where c.value = '2.5';
select is(test.attempt_rows(todo_id), 50::bigint, '''2.5'' means 50') from cases where value = '2.5';
select test.set('attempt_history_max_per_todo', c.value), test.cycle(:'ep', c.todo_id, 52)
  from cases c where c.value = '';
select is(test.attempt_rows(todo_id), 50::bigint, 'an empty value means 50') from cases where value = '';
delete from switchboard.settings where key = 'attempt_history_max_per_todo';
select test.cycle(:'ep', c.todo_id, 52) from cases c where c.value = ' 7';
select is(test.attempt_rows(todo_id), 50::bigint, 'a missing row means 50') from cases where value = ' 7';

select * from finish();
rollback;
