-- Two concurrent add_todo calls with one key file one todo: a second session files with the key in an open
-- transaction; a third sends the same call meanwhile (dblink_send_query, so this test goes on while it waits on the
-- key's lock); once the second commits, the third answers the todo the second filed. Committed rows are deleted at
-- the end.
begin;
select plan(3);

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('b', test.conninfo()) as b \gset
select ep from dblink('a', 'select test.endpoint(handle => ''idem-'' || md5(random()::text))::text') as x(ep text) \gset
select dblink_exec('a', 'begin') as began \gset
select first from dblink('a', format($q$select switchboard.add_todo(%L, 'q', idempotency_key => 'k') ->> 'id'$q$, :'ep')) as x(first text) \gset
create temp table b_pid as select pid from dblink('b', 'select pg_backend_pid()') as x(pid int);
select dblink_send_query('b', format($q$select switchboard.add_todo(%L, 'q', idempotency_key => 'k') ->> 'id'$q$, :'ep')) as sent \gset
-- Until the second call waits on a lock (the key's), or has finished (then it did not wait: the next assertion fails).
do $$ begin
  while not exists (select 1 from pg_locks l join b_pid b on b.pid = l.pid where not l.granted) and dblink_is_busy('b') = 1 loop
    perform pg_sleep(0.01);
  end loop;
end $$;
select is(dblink_is_busy('b'), 1, 'the second call with the key waits while the first is uncommitted');
select dblink_exec('a', 'commit') as committed \gset
select second from dblink_get_result('b') as x(second text) \gset
select is(:'second'::text, :'first'::text, 'once the first commits, the second answers its todo');
select count from dblink('a', format('select count(*) from switchboard.todos where endpoint_id = %L', :'ep')) as x(count bigint) \gset
select is(:count::bigint, 1::bigint, 'one todo filed');

select dblink_exec('a', format($q$
  delete from switchboard.todos where endpoint_id = %1$L;
  delete from switchboard.todo_keys where endpoint_id = %1$L;
  delete from switchboard.endpoints where id = %1$L;
  delete from switchboard.owners o where not exists (select 1 from switchboard.endpoints e where e.owner_id = o.id)
                                      and o.handle like 'idem-%%'$q$, :'ep')) as deleted \gset
select dblink_disconnect('a') as da \gset
select dblink_disconnect('b') as db \gset
select * from finish();
rollback;
