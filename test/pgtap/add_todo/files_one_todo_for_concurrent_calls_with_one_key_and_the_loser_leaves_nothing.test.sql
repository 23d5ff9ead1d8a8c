-- The call that waited on a key answers the winner's todo and leaves nothing of its own: no second todo, no second
-- count in the scope's quota. And when the first call rolls back instead, the waiting one files the todo itself.
-- Two sessions over dblink (the first holds the key in an open transaction); committed rows are deleted at the end.
begin;
select plan(6);

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('b', test.conninfo()) as b \gset
select ep from dblink('a', 'select test.endpoint(handle => ''idem-'' || md5(random()::text))::text') as x(ep text) \gset
select pid as b_pid from dblink('b', 'select pg_backend_pid()') as x(pid int) \gset

-- The first commits: the second answers its todo.
select dblink_exec('a', 'begin') as began \gset
select first from dblink('a', format($q$select switchboard.add_todo(%L, 'q', idempotency_key => 'k') ->> 'id'$q$, :'ep')) as x(first text) \gset
select dblink_send_query('b', format($q$select switchboard.add_todo(%L, 'q', idempotency_key => 'k') ->> 'id'$q$, :'ep')) as sent \gset
select is(test.stalls('b', :b_pid), true, 'the second call with the key waits while the first is uncommitted');
select dblink_exec('a', 'commit') as committed \gset
select second from dblink_get_result('b') as x(second text) \gset
-- The async query's end (dblink reads results until an empty one).
select count(*) as drained from dblink_get_result('b') as x(t text) \gset
select is(:'second'::text, :'first'::text, 'once the first commits, the second answers its todo');
select stored from dblink('a', format($q$select (select count(*) from switchboard.todos where endpoint_id = %1$L)
                                             || '/' || (select sum(stored) from switchboard.scope_todo_counts where scope_id = %1$L)$q$,
                                      :'ep')) as x(stored text) \gset
select is(:'stored'::text, '1/1', 'one todo stored, and counted once against the quota');

-- The first rolls back: the second files its own.
select dblink_exec('a', 'begin') as began \gset
select dropped from dblink('a', format($q$select switchboard.add_todo(%L, 'q', idempotency_key => 'k2') ->> 'id'$q$, :'ep')) as x(dropped text) \gset
select dblink_send_query('b', format($q$select switchboard.add_todo(%L, 'q', idempotency_key => 'k2') ->> 'id'$q$, :'ep')) as sent \gset
select is(test.stalls('b', :b_pid), true, 'a second call waits on the key again');
select dblink_exec('a', 'rollback') as rolled \gset
select kept from dblink_get_result('b') as x(kept text) \gset
select isnt(:'kept'::text, :'dropped'::text, 'once the first rolls back, the second files a todo of its own');
select stored from dblink('a', format($q$select (select count(*) from switchboard.todos where endpoint_id = %1$L)
                                             || '/' || (select sum(stored) from switchboard.scope_todo_counts where scope_id = %1$L)
                                             || '/' || (select count(*) from switchboard.todo_keys where endpoint_id = %1$L and key = 'k2'
                                                          and todo_id = %2$L)$q$,
                                      :'ep', :'kept')) as x(stored text) \gset
select is(:'stored'::text, '2/2/1', 'two todos stored and counted, the key naming the second call''s');

select deleted from dblink('a', format('select test.forget_endpoint(%L)::text', :'ep')) as x(deleted text) \gset
select dblink_disconnect('a') as da \gset
select dblink_disconnect('b') as db \gset
select * from finish();
rollback;
