-- Any login of the database may take any advisory lock (PostgreSQL grants pg_advisory_lock to PUBLIC). So no
-- Switchboard function takes one: a login that held the key a tenant's call waits for would stall that call for as
-- long as it liked. Idempotency keys and A2A messageIds are taken by their rows (todo_keys, a2a_tasks), which only the
-- functions write. Here a second session holds the advisory locks the functions took until 2026-12-07, for the key
-- and the messageId a third session then sends: each call files without waiting. Committed rows are deleted at the end.
begin;
select plan(4);

select is((select count(*)::integer from pg_proc p
            where p.pronamespace::regnamespace::text in ('switchboard', 'switchboard_internal', 'switchboard_agent',
                                                         'switchboard_board', 'switchboard_worker', 'switchboard_metrics')
              and p.prosrc ~* 'pg_(try_)?advisory'),
          0, 'no function of Switchboard''s schemas takes an advisory lock');

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('b', test.conninfo()) as b \gset
select ep from dblink('a', 'select test.endpoint(handle => ''stall-'' || md5(random()::text))::text') as x(ep text) \gset
select pid as b_pid from dblink('b', 'select pg_backend_pid()') as x(pid int) \gset
select held from dblink('a', format($q$select pg_advisory_lock(hashtextextended('switchboard_todo_key:%1$s:k', 0))::text
                                          || pg_advisory_lock(hashtextextended('switchboard_a2a_send:%1$s:m-1', 0))::text$q$,
                                    :'ep')) as x(held text) \gset

select dblink_send_query('b', format($q$select switchboard.add_todo(%L, 'q', idempotency_key => 'k') ->> 'id'$q$, :'ep')) as sent \gset
select is(test.stalls('b', :b_pid), false, 'add_todo with an idempotency key files while another login holds any lock it likes');
select freed from dblink('a', 'select pg_advisory_unlock_all()::text') as x(freed text) \gset
select count(*) as drained from dblink_get_result('b') as x(t text) \gset
select count(*) as drained from dblink_get_result('b') as x(t text) \gset

select held from dblink('a', format($q$select pg_advisory_lock(hashtextextended('switchboard_a2a_send:%1$s:m-1', 0))::text$q$,
                                    :'ep')) as x(held text) \gset
select dblink_send_query('b', format($q$select switchboard.a2a_send(%L, 'm-1', null, '{}', 'q') ->> 'created'$q$, :'ep')) as sent \gset
select is(test.stalls('b', :b_pid), false, 'a2a_send files while another login holds any lock it likes');
select freed from dblink('a', 'select pg_advisory_unlock_all()::text') as x(freed text) \gset
select created from dblink_get_result('b') as x(created text) \gset
select count(*) as drained from dblink_get_result('b') as x(t text) \gset
select is(:'created'::text, 'true', 'and files its task');

select deleted from dblink('a', format('select test.forget_endpoint(%L)::text', :'ep')) as x(deleted text) \gset
select dblink_disconnect('a') as da \gset
select dblink_disconnect('b') as db \gset
select * from finish();
rollback;
