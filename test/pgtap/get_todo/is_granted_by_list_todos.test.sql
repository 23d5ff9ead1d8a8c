begin;
select plan(3);

select test.endpoint() as full_ep \gset
select (switchboard.vend_endpoint(test.owner_of(:'full_ep'), 'reader', array['list_todos']))->>'endpoint_id' as reader \gset
select (switchboard.vend_endpoint(test.owner_of(:'full_ep'), 'getter', array['get_todo']))->>'endpoint_id' as getter \gset
select (switchboard.vend_endpoint(test.owner_of(:'full_ep'), 'adder', array['add_todo']))->>'endpoint_id' as adder \gset
select test.todo(:'adder') as td \gset
update switchboard.todos set endpoint_id = :'reader' where id = :'td';
select test.todo(:'adder') as td2 \gset
update switchboard.todos set endpoint_id = :'getter' where id = :'td2';

select is((switchboard.get_todo(:'reader'::uuid, :'td'::uuid))->>'id', :'td', 'an endpoint holding list_todos may call get_todo');
select is((switchboard.get_todo(:'getter'::uuid, :'td2'::uuid))->>'id', :'td2', 'so may one holding get_todo');
select throws_ok(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'adder', gen_random_uuid()), 'SB403', null,
                 'one holding neither is forbidden');

select * from finish();
rollback;
