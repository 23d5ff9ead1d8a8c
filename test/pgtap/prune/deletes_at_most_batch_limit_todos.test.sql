begin;
select plan(4);

select test.endpoint() as ep \gset
create temporary table t on commit drop as select test.todo(:'ep') as id, n from generate_series(1, 5) n;
select switchboard.claim(:'ep'::uuid, id), switchboard.complete(:'ep'::uuid, id) from t;
update switchboard.todos x set updated_at = now() - make_interval(days => 40 + t.n) from t where t.id = x.id;

select is(switchboard.prune(batch_limit => 2), 2, 'batch_limit 2 deletes two');
select is((select array_agg(n order by n) from t join switchboard.todos x on x.id = t.id), array[1, 2, 3], 'the oldest go first');
select is(switchboard.prune(max_age => interval '0', max_rows => 0, batch_limit => 2), 2, 'age and row cap together stay within the batch');
select is(switchboard.prune(batch_limit => 2), 1, 'the next call takes the rest');

select * from finish();
rollback;
