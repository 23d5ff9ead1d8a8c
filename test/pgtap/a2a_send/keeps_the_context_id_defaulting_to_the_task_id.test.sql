begin;
select plan(3);

select test.endpoint() as ep \gset
select switchboard.a2a_send(:'ep'::uuid, 'm-1', 'conversation-7', '{}', 'q') -> 'task' as a \gset
select switchboard.a2a_send(:'ep'::uuid, 'm-2', null, '{}', 'q') -> 'task' as b \gset

select is((:'a'::jsonb) ->> 'contextId', 'conversation-7', 'a contextId sent is kept');
select is((:'b'::jsonb) ->> 'contextId', (:'b'::jsonb) ->> 'id', 'none sent: the task id');
select is(switchboard.a2a_get(:'ep'::uuid, ((:'a'::jsonb) ->> 'id')::uuid) -> 'task' ->> 'contextId', 'conversation-7', 'and read back');

select * from finish();
rollback;
