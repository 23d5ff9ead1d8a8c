begin;
select plan(3);

select test.endpoint() as ep \gset

select throws_ok(format('select switchboard.list_todos(%L::uuid, state => %L)', :'ep', 'running'), 'SB422', null, 'an unknown state is invalid');
select throws_ok(format('select switchboard.list_todos(%L::uuid, page_size => 0)', :'ep'), 'SB422', null, 'page_size 0 is invalid');
select throws_ok(format('select switchboard.list_todos(%L::uuid, page_size => 201)', :'ep'), 'SB422', null, 'page_size 201 is invalid');

select * from finish();
rollback;
