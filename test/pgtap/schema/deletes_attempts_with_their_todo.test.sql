begin;
select plan(1);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select test.cycle(:'ep', :'td', 3);
delete from switchboard.todos where id = :'td';

select is(test.attempt_rows(:'td'), 0::bigint, 'ON DELETE CASCADE takes the attempts with the todo');

select * from finish();
rollback;
