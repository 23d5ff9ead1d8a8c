begin;
select plan(5);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select test.lapse(:'td');
select switchboard.reap() as n \gset

select is((test.todo_row(:'td'))->>'state', 'failed', 'the todo is failed');
select is((switchboard.get_todo(:'ep'::uuid, :'td'::uuid))->'dead_letter', 'true'::jsonb, 'a dead letter');
select is((test.todo_row(:'td'))->>'next_retry_at', null, 'with no retry');
select is((test.attempt_row(:'td', 1))->>'outcome', 'reaped', 'the attempt closes reaped');
select is((test.attempt_row(:'td', 1))->>'disposition', 'dead_lettered', 'with disposition dead_lettered');

select * from finish();
rollback;
