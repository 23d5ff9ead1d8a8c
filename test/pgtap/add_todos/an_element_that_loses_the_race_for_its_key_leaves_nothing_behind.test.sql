-- add_todos counts each scope once for its batch, so an element that loses the race for its idempotency key (another
-- call with the key committed first) must neither count nor uncount: the batch answers the winner's todo, and the
-- scope stores and counts one. The add_todo path (which counts per call) has its own test in add_todo/. Two sessions
-- over dblink; committed rows are deleted at the end.
begin;
select plan(3);

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('b', test.conninfo()) as b \gset
select ep from dblink('a', 'select test.endpoint(handle => ''batch-race-'' || md5(random()::text))::text') as x(ep text) \gset
select pid as b_pid from dblink('b', 'select pg_backend_pid()') as x(pid int) \gset
select dblink_exec('a', 'begin') as began \gset
select first from dblink('a', format($q$select switchboard.add_todo(%L, 'q', idempotency_key => 'k') ->> 'id'$q$, :'ep')) as x(first text) \gset
select dblink_send_query('b', format($q$select switchboard.add_todos(%L, '[{"queue": "q", "idempotency_key": "k"}]') -> 0 ->> 'id'$q$,
                                     :'ep')) as sent \gset
select is(test.stalls('b', :b_pid), true, 'the batch waits on the key while the first call is uncommitted');
select dblink_exec('a', 'commit') as committed \gset
select second from dblink_get_result('b') as x(second text) \gset
select count(*) as drained from dblink_get_result('b') as x(t text) \gset
select is(:'second'::text, :'first'::text, 'once it commits, the batch''s element answers its todo');
select stored from dblink('a', format($q$select (select count(*) from switchboard.todos where endpoint_id = %1$L)
                                             || '/' || (select sum(stored) from switchboard.scope_todo_counts where scope_id = %1$L)$q$,
                                      :'ep')) as x(stored text) \gset
select is(:'stored'::text, '1/1', 'one todo stored, and counted once against the quota');

select deleted from dblink('a', format('select test.forget_endpoint(%L)::text', :'ep')) as x(deleted text) \gset
select dblink_disconnect('a') as da \gset
select dblink_disconnect('b') as db \gset
select * from finish();
rollback;
