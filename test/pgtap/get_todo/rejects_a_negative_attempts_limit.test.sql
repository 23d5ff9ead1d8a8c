begin;
select plan(1);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset

select throws_ok(format('select switchboard.get_todo(%L::uuid, %L::uuid, attempts_limit => -1)', :'ep', :'td'), 'SB422', null,
                 'a negative attempts_limit is invalid');

select * from finish();
rollback;
