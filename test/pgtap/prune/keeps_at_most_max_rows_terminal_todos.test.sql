begin;
select plan(4);

select test.endpoint() as ep \gset
create temporary table t on commit drop as select test.todo(:'ep') as id, n from generate_series(1, 5) n;
select switchboard.claim(:'ep'::uuid, id), switchboard.complete(:'ep'::uuid, id) from t;
update switchboard.todos x set updated_at = now() - make_interval(mins => t.n) from t where t.id = x.id;
select test.todo(:'ep') as live \gset

select is(switchboard.prune(max_rows => 2), 3, 'prune keeps the two newest terminal todos');
select is((select array_agg(n order by n) from t join switchboard.todos x on x.id = t.id), array[1, 2], 'the newest two remain');
select is((select count(*) from switchboard.todos where id = :'live'), 1::bigint, 'a live todo does not count and is kept');
select test.set('retention_max_rows', '1');
select is(switchboard.prune(), 1, 'retention_max_rows is read when max_rows is null');

select * from finish();
rollback;
