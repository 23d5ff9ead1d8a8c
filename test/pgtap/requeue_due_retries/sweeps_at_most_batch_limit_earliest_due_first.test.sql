begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep') as a \gset
select test.todo(:'ep') as b \gset
select test.todo(:'ep') as c \gset
select switchboard.claim(:'ep'::uuid, id), switchboard.fail(:'ep'::uuid, id)
  from unnest(array[:'a', :'b', :'c']::uuid[]) id;
-- Due 3, 2 and 1 minutes ago: c is the earliest, then b.
update switchboard.todos x set next_retry_at = now() - make_interval(mins => o.n), ready_at = now() - make_interval(mins => o.n)
  from (values (:'a'::uuid, 1), (:'b'::uuid, 2), (:'c'::uuid, 3)) o(id, n) where x.id = o.id;

select is(switchboard.requeue_due_retries(batch_limit => 2), 2, 'a batch of two');
select is((test.todo_row(:'c'))->>'state', 'pending', 'the earliest due is re-queued');
select is((test.todo_row(:'b'))->>'state', 'pending', 'then the next');
select is((test.todo_row(:'a'))->>'state', 'failed', 'the latest waits for the next batch');
select is(switchboard.requeue_due_retries(batch_limit => 2), 1, 'which takes it');
select throws_ok('select switchboard.requeue_due_retries(batch_limit => 0)', 'SB422', null, 'batch_limit below 1 is invalid');

select * from finish();
rollback;
