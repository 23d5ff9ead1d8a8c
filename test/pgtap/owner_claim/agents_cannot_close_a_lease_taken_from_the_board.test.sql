begin;
select plan(3);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as td \gset
select switchboard.owner_claim(:'ow', :'td') \gset

select throws_ok(format('select switchboard.complete(%L, %L)', :'ep', :'td'), 'SB409', null, 'the endpoint cannot complete it');
select throws_ok(format('select switchboard.release(%L, %L)', :'ep', :'td'), 'SB409', null, 'nor release it');
select is((select state from switchboard.todos where id = :'td'), 'claimed', 'the todo stays claimed by the owner');

select * from finish();
rollback;
