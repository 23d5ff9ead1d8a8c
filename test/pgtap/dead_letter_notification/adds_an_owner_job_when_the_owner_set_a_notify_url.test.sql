begin;
select plan(2);

create function pg_temp.sinks(todo_id uuid) returns text[] language sql as $$
  select coalesce(array_agg(q->>'sink' order by q->>'sink'), '{}') from test.queued('switchboard_dead_letter') q
   where q->>'todo_id' = todo_id::text
$$;

-- A worker with SWITCHBOARD_NOTIFY_URL started: the instance has a sink.
select switchboard.set_instance_dead_letter_sink(true) as sink \gset
select test.endpoint() as ep \gset
select test.endpoint() as other \gset
select switchboard.set_owner_notify_url(test.owner_of(:'ep'), 'https://hooks.example/dead') as s \gset
select test.todo(:'ep', max_attempts => 1) as td \gset
select test.todo(:'other', max_attempts => 1) as ot \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid), switchboard.fail(:'ep'::uuid, :'td'::uuid);
select switchboard.claim(:'other'::uuid, :'ot'::uuid), switchboard.fail(:'other'::uuid, :'ot'::uuid);

select is(pg_temp.sinks(:'td'), array['instance', 'owner'], 'an owner with a notify_url gets its own delivery');
select is(pg_temp.sinks(:'ot'), array['instance'], 'an owner without one does not');

select * from finish();
rollback;
