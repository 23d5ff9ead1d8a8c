begin;
select plan(8);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, summary => 'red') as f \gset
select test.due(:'td');
select (test.todo_row(:'td'))->>'next_retry_at' as due_at \gset

select is(switchboard.requeue_due_retries(), 1, 'one due retry is re-queued');
select is((test.todo_row(:'td'))->>'state', 'pending', 'failed -> pending');
select is((test.todo_row(:'td'))->>'next_retry_at', null, 'no retry is scheduled any more');
select is((test.todo_row(:'td'))->>'ready_at', :'due_at', 'it keeps its place: ready from when the retry was due');
select is((test.todo_row(:'td'))->>'attempt', '1', 'the attempt counter is unchanged');
select is((switchboard.get_todo(:'ep'::uuid, :'td'::uuid))->'dead_letter', 'false'::jsonb, 'not a dead letter');
select is((switchboard.claim_next(:'ep'::uuid, 'q'))->>'attempt', '2', 'the next claim is attempt 2');
select is(switchboard.requeue_due_retries(), 0, 'a second sweep finds nothing');

select * from finish();
rollback;
