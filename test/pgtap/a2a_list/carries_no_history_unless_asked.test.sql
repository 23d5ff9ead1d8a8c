-- ListTasks carries no history when historyLength is not given (a list reads one attempt per task), and the newest n
-- messages when it is.
begin;
select plan(2);

select test.endpoint() as ep \gset
select (switchboard.a2a_send(:'ep'::uuid, 'msg-1', null, '{"messageId": "msg-1"}', 'q') -> 'task' ->> 'id') as td \gset
select test.cycle(:'ep'::uuid, :'td'::uuid, 2);
select is((select jsonb_agg(coalesce(jsonb_array_length(t -> 'history'), 0)) from jsonb_array_elements(switchboard.a2a_list(:'ep'::uuid) -> 'tasks') t),
          '[0]'::jsonb, 'no historyLength: no history');
select is((select jsonb_agg(jsonb_array_length(t -> 'history')) from jsonb_array_elements(switchboard.a2a_list(:'ep'::uuid, history_length => 2) -> 'tasks') t),
          '[2]'::jsonb, 'historyLength 2: the newest two');

select * from finish();
rollback;
