begin;
select plan(3);

select test.set('attempt_history_max_per_todo', '5');
select test.endpoint() as ep \gset
select (switchboard.a2a_send(:'ep'::uuid, 'msg-1', null, '{"messageId": "msg-1"}', 'q') -> 'task' ->> 'id') as td \gset
select test.cycle(:'ep'::uuid, :'td'::uuid, 8);
select switchboard.a2a_get(:'ep'::uuid, :'td'::uuid) -> 'task' as t \gset

select is(((:'t'::jsonb) -> 'metadata' ->> 'attemptsTotal')::integer, 8, 'attemptsTotal counts every attempt');
select is(((:'t'::jsonb) -> 'metadata' ->> 'attemptsPruned')::integer, 3, 'attemptsPruned the ones the history cap removed');
select is(jsonb_array_length((:'t'::jsonb) -> 'history'), 6, 'the history holds the request and the five kept');

select * from finish();
rollback;
