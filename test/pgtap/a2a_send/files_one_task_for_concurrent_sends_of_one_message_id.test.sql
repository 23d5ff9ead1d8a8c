-- Two sends of one messageId at once file one task: a second session sends in an open transaction; a third sends the
-- same message meanwhile and waits on the task's row; once the second commits, the third answers its task (created
-- false) and leaves no todo of its own, counted or stored. And when the first send rolls back instead, the waiting
-- one files the task itself (created true). Committed rows are deleted at the end.
begin;
select plan(8);

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('b', test.conninfo()) as b \gset
select ep from dblink('a', 'select test.endpoint(handle => ''a2a-race-'' || md5(random()::text))::text') as x(ep text) \gset
select pid as b_pid from dblink('b', 'select pg_backend_pid()') as x(pid int) \gset
select dblink_exec('a', 'begin') as began \gset
select first from dblink('a', format($q$select switchboard.a2a_send(%L, 'm-1', null, '{}', 'q') -> 'task' ->> 'id'$q$, :'ep'))
  as x(first text) \gset
select dblink_send_query('b', format($q$select (r -> 'task' ->> 'id') || '/' || (r ->> 'created')
                                           from (select switchboard.a2a_send(%L, 'm-1', null, '{}', 'q') as r) s$q$,
                                     :'ep')) as sent \gset
select is(test.stalls('b', :b_pid), true, 'the second send waits while the first is uncommitted');
select dblink_exec('a', 'commit') as committed \gset
select second from dblink_get_result('b') as x(second text) \gset
select count(*) as drained from dblink_get_result('b') as x(t text) \gset
select is(split_part(:'second', '/', 1), :'first'::text, 'once the first commits, the second answers its task');
select is(split_part(:'second', '/', 2), 'false', 'as one it did not create');
select stored from dblink('a', format($q$select (select count(*) from switchboard.todos where endpoint_id = %1$L)
                                             || '/' || (select sum(stored) from switchboard.scope_todo_counts where scope_id = %1$L)$q$,
                                      :'ep')) as x(stored text) \gset
select is(:'stored'::text, '1/1', 'one todo stored, and counted once against the quota');

-- The first rolls back: the second files its own.
select dblink_exec('a', 'begin') as began \gset
select dropped from dblink('a', format($q$select switchboard.a2a_send(%L, 'm-2', null, '{}', 'q') -> 'task' ->> 'id'$q$, :'ep'))
  as x(dropped text) \gset
select dblink_send_query('b', format($q$select (r -> 'task' ->> 'id') || '/' || (r ->> 'created')
                                           from (select switchboard.a2a_send(%L, 'm-2', null, '{}', 'q') as r) s$q$,
                                     :'ep')) as sent \gset
select is(test.stalls('b', :b_pid), true, 'a second send of another message waits while its first is uncommitted');
select dblink_exec('a', 'rollback') as rolled \gset
select kept from dblink_get_result('b') as x(kept text) \gset
select count(*) as drained from dblink_get_result('b') as x(t text) \gset
select isnt(split_part(:'kept', '/', 1), :'dropped'::text, 'once the first rolls back, the second files a task of its own');
select is(split_part(:'kept', '/', 2), 'true', 'as one it created');
select stored from dblink('a', format($q$select (select count(*) from switchboard.todos where endpoint_id = %1$L)
                                             || '/' || (select sum(stored) from switchboard.scope_todo_counts where scope_id = %1$L)$q$,
                                      :'ep')) as x(stored text) \gset
select is(:'stored'::text, '2/2', 'two todos stored (one per message), each counted once');

select deleted from dblink('a', format('select test.forget_endpoint(%L)::text', :'ep')) as x(deleted text) \gset
select dblink_disconnect('a') as da \gset
select dblink_disconnect('b') as db \gset
select * from finish();
rollback;
