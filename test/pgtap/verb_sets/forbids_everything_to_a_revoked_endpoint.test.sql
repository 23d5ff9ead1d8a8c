begin;
select plan(10);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.revoke_endpoint(test.owner_of(:'ep'), :'ep'::uuid) as r \gset

select throws_ok(format(s, :'ep', :'td'), 'SB403', null, v || ' by a revoked endpoint is forbidden')
  from (values
    ('add_todo', 'select switchboard.add_todo(%L::uuid, %L)'),
    ('claim', 'select switchboard.claim(%L::uuid, %L::uuid)'),
    ('claim_next', 'select switchboard.claim_next(%L::uuid, %L)'),
    ('heartbeat', 'select switchboard.heartbeat(%L::uuid, %L::uuid)'),
    ('complete', 'select switchboard.complete(%L::uuid, %L::uuid)'),
    ('fail', 'select switchboard.fail(%L::uuid, %L::uuid)'),
    ('release', 'select switchboard.release(%L::uuid, %L::uuid)'),
    ('get_todo', 'select switchboard.get_todo(%L::uuid, %L::uuid)'),
    ('list_todos', 'select switchboard.list_todos(%L::uuid, %L)')) v(v, s);
select throws_ok(format('select switchboard.authenticate(%L)', 'sbk_' || repeat('0', 64)), 'SB403', null,
                 'an unknown credential is forbidden too');

select * from finish();
rollback;
