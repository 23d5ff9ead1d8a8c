-- max_claimed is exact under concurrency: 16 sessions (dblink, sent at once) each call claim_next on a queue with
-- max_claimed 3 and 40 ready todos, three times in one transaction; never more than 3 are held, and none waited on a
-- lock (lock_timeout makes a wait an error, which would show as a failed session). Committed rows are deleted.
begin;
select plan(3);

select dblink_connect('setup', test.conninfo()) as c \gset
select ep from dblink('setup', 'select test.endpoint(handle => ''maxc-'' || md5(random()::text))::text') as x(ep text) \gset
select n from dblink('setup', format($q$select count(switchboard.add_todo(%L, 'deploy'))::int from generate_series(1, 40)$q$, :'ep')) as x(n int) \gset
select o from dblink('setup', format($q$select switchboard.set_queue_limits(test.owner_of(%L), 'deploy', max_claimed => 3)::text$q$, :'ep')) as x(o text) \gset

select count(dblink_connect('c' || i, test.conninfo())) as connected from generate_series(1, 16) i \gset
select count(dblink_exec('c' || i, 'set lock_timeout = ''2s''')) as set from generate_series(1, 16) i \gset
select count(dblink_send_query('c' || i, format($q$
  select count(*) filter (where r ? 'id')::int from (select switchboard.claim_next(%L, 'deploy') r from generate_series(1, 3)) s$q$, :'ep')))
  as sent from generate_series(1, 16) i \gset
create temp table got as select i, n from generate_series(1, 16) i, dblink_get_result('c' || i) as x(n int);

select is((select count(*) from got), 16::bigint, 'all 16 sessions answered without an error');
select cmp_ok((select sum(n) from got), '<=', 3::bigint, 'at most max_claimed claims were admitted');
select h from dblink('setup', format($q$select count(*)::int from switchboard.todos where endpoint_id = %L and state = 'claimed'$q$, :'ep')) as x(h int) \gset
select cmp_ok(:h, '<=', 3, 'at most 3 todos of the queue are held');

select count(dblink_disconnect('c' || i)) from generate_series(1, 16) i;
select dblink_exec('setup', format($q$
  delete from switchboard.queue_controls where holder_id = test.owner_of(%1$L);
  delete from switchboard.due_rings where scope_id = %1$L;
  delete from switchboard.todos where endpoint_id = %1$L;
  delete from switchboard.endpoints where id = %1$L;
  delete from switchboard.owners o where not exists (select 1 from switchboard.endpoints e where e.owner_id = o.id)
                                      and o.handle like 'maxc-%%'$q$, :'ep')) as deleted \gset
select dblink_disconnect('setup') as d \gset
select * from finish();
rollback;
