begin;
select plan(3);

-- SWITCHBOARD_NOTIFY_URL lives in the worker's environment; each worker records at start whether it has one.
-- Without it (the default, or a worker that said false), a dead letter queues no job for the instance's sink.
create function pg_temp.sinks(todo_id uuid) returns text[] language sql as $$
  select coalesce(array_agg(q->>'sink' order by q->>'sink'), '{}') from test.queued('switchboard_dead_letter') q
   where q->>'todo_id' = todo_id::text
$$;

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as a \gset
select test.todo(:'ep', max_attempts => 1) as b \gset
select test.todo(:'ep', max_attempts => 1) as c \gset

select switchboard.claim(:'ep'::uuid, :'a'::uuid), switchboard.fail(:'ep'::uuid, :'a'::uuid);
select is(pg_temp.sinks(:'a'), '{}'::text[], 'no sink recorded: no job');

select switchboard.set_instance_dead_letter_sink(true);
select switchboard.claim(:'ep'::uuid, :'b'::uuid), switchboard.fail(:'ep'::uuid, :'b'::uuid);
select is(pg_temp.sinks(:'b'), array['instance'], 'a worker with a sink: one job for it');

select switchboard.set_instance_dead_letter_sink(false);
select switchboard.claim(:'ep'::uuid, :'c'::uuid), switchboard.fail(:'ep'::uuid, :'c'::uuid);
select is(pg_temp.sinks(:'c'), '{}'::text[], 'a worker started without one: no job again');

select * from finish();
rollback;
