begin;
select plan(5);

select test.endpoint() as ep \gset
select (switchboard.a2a_send(:'ep'::uuid, 'msg-1', null, '{"messageId": "msg-1"}', 'q') -> 'task' ->> 'id') as td \gset
select test.cycle(:'ep'::uuid, :'td'::uuid, 3);

select is(jsonb_array_length(switchboard.a2a_get(:'ep'::uuid, :'td'::uuid) -> 'task' -> 'history'), 4,
          'no historyLength: every message (the request and three attempts)');
select is(jsonb_array_length(switchboard.a2a_get(:'ep'::uuid, :'td'::uuid, 0) -> 'task' -> 'history'), 0, 'historyLength 0: none');
select is((select jsonb_agg(m ->> 'messageId') from jsonb_array_elements(switchboard.a2a_get(:'ep'::uuid, :'td'::uuid, 2) -> 'task' -> 'history') m),
          jsonb_build_array(:'td' || ':attempt:2', :'td' || ':attempt:3'), 'historyLength 2: the two newest, oldest first');
select is((select jsonb_agg(m ->> 'messageId') from jsonb_array_elements(switchboard.a2a_get(:'ep'::uuid, :'td'::uuid, 1) -> 'task' -> 'history') m),
          jsonb_build_array(:'td' || ':attempt:3'), 'historyLength 1: the newest alone');
select throws_ok(format('select switchboard.a2a_get(%L::uuid, %L::uuid, -1)', :'ep', :'td'), 'SB422', null, 'a negative historyLength is invalid');

select * from finish();
rollback;
