-- Two run_schedules at once file each tick once: one session runs it in an open transaction, a second runs it
-- meanwhile (it passes the locked schedule without waiting) and again after the first commits (the ticks are filed
-- and next_run_at moved on); three ticks, three todos. Committed rows are deleted at the end.
begin;
select plan(4);

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('b', test.conninfo()) as b \gset
select ep from dblink('a', 'select test.endpoint(handle => ''sched-'' || md5(random()::text))::text') as x(ep text) \gset
select sid from dblink('a', format($q$select switchboard.add_schedule(%L, 'triage', '*/10 * * * *') ->> 'schedule_id'$q$, :'ep')) as x(sid text) \gset
select dblink_exec('a', format($q$update switchboard.schedules set next_run_at = '2026-01-01T00:00:00Z' where id = %L$q$, :'sid')) as moved \gset
select dblink_exec('a', 'begin') as began \gset
select n1 from dblink('a', $q$select switchboard.run_schedules('2026-01-01T00:25:00Z')$q$) as x(n1 int) \gset
select dblink_exec('b', 'set lock_timeout = ''2s''') as set \gset
select n2 from dblink('b', $q$select switchboard.run_schedules('2026-01-01T00:25:00Z')$q$) as x(n2 int) \gset
select dblink_exec('a', 'commit') as committed \gset
select n3 from dblink('b', $q$select switchboard.run_schedules('2026-01-01T00:25:00Z')$q$) as x(n3 int) \gset

select is(:n1, 3, 'the first run files the three ticks');
select is(:n2, 0, 'a concurrent run files nothing, without waiting');
select is(:n3, 0, 'a run after the first committed files nothing');
select n from dblink('a', format('select count(*)::int from switchboard.todos where endpoint_id = %L', :'ep')) as x(n int) \gset
select is(:n, 3, 'three todos in all');

select deleted from dblink('a', format('select test.forget_endpoint(%L)::text', :'ep')) as x(deleted text) \gset
select dblink_disconnect('a') as da \gset
select dblink_disconnect('b') as db \gset
select * from finish();
rollback;
