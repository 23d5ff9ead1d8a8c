begin;
select plan(5);

select test.endpoint() as ep \gset
select test.todo(:'ep') as later \gset
select test.todo(:'ep', max_attempts => 1) as dead \gset
select test.todo(:'ep') as waiting \gset
select switchboard.claim(:'ep'::uuid, :'later'::uuid) as c1 \gset
select switchboard.fail(:'ep'::uuid, :'later'::uuid) as f1 \gset
select switchboard.claim(:'ep'::uuid, :'dead'::uuid) as c2 \gset
select switchboard.fail(:'ep'::uuid, :'dead'::uuid) as f2 \gset

select is(switchboard.requeue_due_retries(), 0, 'nothing is due');
select is((test.todo_row(:'later'))->>'state', 'failed', 'a retry due in the future stays failed');
select isnt((test.todo_row(:'later'))->>'next_retry_at', null, 'and keeps its retry time');
select is((test.todo_row(:'dead'))->>'state', 'failed', 'a dead letter stays failed (only a human retries it)');
select is((test.todo_row(:'waiting'))->>'state', 'pending', 'a pending todo is untouched');

select * from finish();
rollback;
