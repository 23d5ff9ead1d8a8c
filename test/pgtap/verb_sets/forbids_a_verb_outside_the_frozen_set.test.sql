begin;
select plan(9);

-- An endpoint vended with add_todo only: every other agent verb is forbidden, even on its own todo.
select (switchboard.vend_endpoint(((switchboard.add_owner('vo'))->>'owner_id')::uuid, 'adder', array['add_todo']))->>'endpoint_id' as ep \gset
select (switchboard.add_todo(:'ep'::uuid, 'q'))->>'id' as td \gset

select throws_ok(format(s, :'ep', :'td'), 'SB403', null, v || ' outside the set is forbidden')
  from (values
    ('claim', 'select switchboard.claim(%L::uuid, %L::uuid)'),
    ('claim_next', 'select switchboard.claim_next(%L::uuid, %L)'),
    ('heartbeat', 'select switchboard.heartbeat(%L::uuid, %L::uuid)'),
    ('complete', 'select switchboard.complete(%L::uuid, %L::uuid)'),
    ('fail', 'select switchboard.fail(%L::uuid, %L::uuid)'),
    ('release', 'select switchboard.release(%L::uuid, %L::uuid)'),
    ('get_todo', 'select switchboard.get_todo(%L::uuid, %L::uuid)'),
    ('list_todos', 'select switchboard.list_todos(%L::uuid, %L)')) v(v, s);
select is((select state from switchboard.todos where id = :'td'), 'pending', 'nothing happened to the todo');

select * from finish();
rollback;
