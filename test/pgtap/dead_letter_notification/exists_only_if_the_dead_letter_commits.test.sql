begin;
select plan(3);

create function pg_temp.notices() returns bigint language sql as $$
  select count(*) from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
   where k.identifier = 'switchboard_dead_letter'
$$;

-- A worker with SWITCHBOARD_NOTIFY_URL started: the instance has a sink.
select switchboard.set_instance_dead_letter_sink(true) as sink \gset
select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

savepoint before_fail;
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f \gset
select is(pg_temp.notices(), 1::bigint, 'the dead letter queues its notification');
rollback to savepoint before_fail;
select is(pg_temp.notices(), 0::bigint, 'rolled back with it, the notification is gone too');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'and the todo is still claimed');

select * from finish();
rollback;
