begin;
select plan(5);

select test.endpoint() as ep \gset
create temporary table t on commit drop as select test.todo(:'ep') as id, n from generate_series(1, 5) n;
select switchboard.claim(:'ep'::uuid, id), switchboard.complete(:'ep'::uuid, id) from t;
update switchboard.todos x set updated_at = now() - make_interval(days => 40 + t.n) from t where t.id = x.id;

select is(switchboard.prune(batch_limit => 2), 2, 'batch_limit 2 deletes two');
select is((select array_agg(n order by n) from t join switchboard.todos x on x.id = t.id), array[1, 2, 3], 'the oldest go first');
-- Both passes with work: the 3 old ones left for the age pass, 3 recent ones over a row cap of 0.
create temporary table recent on commit drop as select test.todo(:'ep') as id from generate_series(1, 3);
select switchboard.claim(:'ep'::uuid, id), switchboard.complete(:'ep'::uuid, id) from recent;
select is(switchboard.prune(max_rows => 0, batch_limit => 4), 4,
          'the age pass (3) and the row cap (the 1 left of the batch) together stay within the batch');
select is((select count(*) from t join switchboard.todos x on x.id = t.id), 0::bigint, 'the age pass went first');
select is(switchboard.prune(max_rows => 0, batch_limit => 4), 2, 'the next call takes the rest');

select * from finish();
rollback;
