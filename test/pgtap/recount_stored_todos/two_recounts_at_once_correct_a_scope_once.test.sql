-- Two recounts of one scope at once: the second waits for the first, then finds nothing to correct, so the
-- correction is made once (both reading the same wrong count and each adding the difference would make it wrong the
-- other way). Two sessions over dblink; committed rows are deleted at the end.
begin;
select plan(3);

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('b', test.conninfo()) as b \gset
select ep from dblink('a', 'select test.endpoint(handle => ''recount-'' || md5(random()::text))::text') as x(ep text) \gset
select pid as b_pid from dblink('b', 'select pg_backend_pid()') as x(pid int) \gset
-- Three todos filed, one deleted by hand: counted one too high.
select dblink_exec('a', format($q$select switchboard.add_todo(%1$L, 'q'), switchboard.add_todo(%1$L, 'q'), switchboard.add_todo(%1$L, 'q');
                                  delete from switchboard.todos where id = (select id from switchboard.todos where endpoint_id = %1$L limit 1)$q$,
                               :'ep')) as filed \gset
select dblink_exec('a', 'begin') as began \gset
select first from dblink('a', format($q$select switchboard.recount_stored_todos(%L)::text$q$, :'ep')) as x(first text) \gset
select dblink_send_query('b', format($q$select switchboard.recount_stored_todos(%L)::text$q$, :'ep')) as sent \gset
select is(test.stalls('b', :b_pid), true, 'the second recount waits for the first');
select dblink_exec('a', 'commit') as committed \gset
select second from dblink_get_result('b') as x(second text) \gset
select count(*) as drained from dblink_get_result('b') as x(t text) \gset
select is(array[:'first'::jsonb, :'second'::jsonb],
          array['{"scopes": 1, "corrected": 1, "difference": -1}', '{"scopes": 1, "corrected": 0, "difference": 0}']::jsonb[],
          'the first corrects the count by one, the second finds nothing to correct');
select stored from dblink('a', format($q$select (select count(*) from switchboard.todos where endpoint_id = %1$L)
                                             || '/' || (select sum(stored) from switchboard.scope_todo_counts where scope_id = %1$L)$q$,
                                      :'ep')) as x(stored text) \gset
select is(:'stored'::text, '2/2', 'two todos stored, counted twice');

select deleted from dblink('a', format('select test.forget_endpoint(%L)::text', :'ep')) as x(deleted text) \gset
select dblink_disconnect('a') as da \gset
select dblink_disconnect('b') as db \gset
select * from finish();
rollback;
