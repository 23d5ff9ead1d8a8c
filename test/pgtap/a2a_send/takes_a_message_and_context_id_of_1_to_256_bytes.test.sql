-- messageId and contextId are 1-256 bytes: 256 is taken, 257 and the empty string are invalid and file nothing.
begin;
select plan(7);

select test.endpoint() as ep \gset
select ok(switchboard.a2a_send(:'ep'::uuid, repeat('m', 256), 'ctx', '{}', 'q') ? 'task', 'a messageId of 256 bytes is taken');
select ok(switchboard.a2a_send(:'ep'::uuid, 'm2', repeat('c', 256), '{}', 'q') ? 'task', 'a contextId of 256 bytes is taken');
select throws_ok(format('select switchboard.a2a_send(%L::uuid, %L, %L, %L, %L)', :'ep', repeat('m', 257), 'ctx', '{}', 'q'),
                 'SB422', null, 'a messageId of 257 bytes is invalid');
select throws_ok(format('select switchboard.a2a_send(%L::uuid, %L, %L, %L, %L)', :'ep', '', 'ctx', '{}', 'q'),
                 'SB422', null, 'an empty messageId is invalid');
select throws_ok(format('select switchboard.a2a_send(%L::uuid, %L, %L, %L, %L)', :'ep', 'm3', repeat('c', 257), '{}', 'q'),
                 'SB422', null, 'a contextId of 257 bytes is invalid');
select throws_ok(format('select switchboard.a2a_send(%L::uuid, %L, %L, %L, %L)', :'ep', 'm4', '', '{}', 'q'),
                 'SB422', null, 'an empty contextId is invalid');
select is((select count(*) from switchboard.todos x where x.endpoint_id = :'ep'), 2::bigint, 'only the two taken are filed');

select * from finish();
rollback;
