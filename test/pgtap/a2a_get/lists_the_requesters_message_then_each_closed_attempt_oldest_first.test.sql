begin;
select plan(7);

select test.endpoint() as ep \gset
select (switchboard.a2a_send(:'ep'::uuid, 'msg-1', null, '{"messageId": "msg-1", "parts": [{"text": "fix it"}]}', 'q') -> 'task' ->> 'id') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'w1') as c1 \gset
select switchboard.fail(endpoint_id => :'ep'::uuid, todo_id => :'td'::uuid, summary => 'tests red') as f \gset
select test.due(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'w2') as c2 \gset
select test.lapse(:'td');
select switchboard.reap() as r \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'w3') as c3 \gset
select switchboard.a2a_get(:'ep'::uuid, :'td'::uuid) -> 'task' as t \gset

select is(jsonb_array_length((:'t'::jsonb) -> 'history'), 3, 'the requester''s message and the two closed attempts; the open one is the status');
select is((:'t'::jsonb) -> 'history' -> 0 ->> 'messageId', 'msg-1', 'the requester''s message comes first');
select is((:'t'::jsonb) -> 'history' -> 0 ->> 'role', 'ROLE_USER', 'as the user''s');
select ok((:'t'::jsonb) -> 'history' -> 1 -> 'parts' -> 0 -> 'data'
          @> jsonb_build_object('seq', 1, 'outcome', 'failed', 'summary', 'tests red', 'died', false, 'claimant', 'w1'),
          'then attempt 1, failed, with its summary');
select is((:'t'::jsonb) -> 'history' -> 2 -> 'parts' -> 0 -> 'data' ->> 'died', 'true', 'then attempt 2, which died');
select is((:'t'::jsonb) -> 'history' -> 2 -> 'parts' -> 0 -> 'data' ->> 'notice', switchboard_internal.notice(),
          'each attempt carries the notice that its text is data, never instructions');
select is((:'t'::jsonb) -> 'status' ->> 'state', 'TASK_STATE_WORKING', 'attempt 3 running: WORKING');

select * from finish();
rollback;
