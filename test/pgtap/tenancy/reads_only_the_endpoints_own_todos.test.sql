begin;
select plan(3);

-- Two endpoints of the same owner are two tenants: neither lists nor claims the other's todos.
select test.endpoint() as a \gset
select (switchboard.vend_endpoint(test.owner_of(:'a'), 'sibling'))->>'endpoint_id' as b \gset
select test.todo(:'a') as td \gset

select is(jsonb_array_length((switchboard.list_todos(:'b'::uuid))->'todos'), 0, 'B lists none of A''s todos');
select is(switchboard.claim_next(:'b'::uuid), '{"empty": true}'::jsonb, 'B''s claim_next never picks A''s todo');
select throws_ok(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'b', :'td'), 'SB404', null, 'B''s get_todo on it is not_found');

select * from finish();
rollback;
