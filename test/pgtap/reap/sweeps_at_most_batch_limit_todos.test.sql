begin;
select plan(5);

select test.endpoint() as ep \gset
create temporary table t on commit drop as select test.todo(:'ep') as id, n from generate_series(1, 3) n;
select switchboard.claim(:'ep'::uuid, id) from t;
-- Lapsed at different times: the oldest lapse goes first.
update switchboard.todos x set lease_expires_at = now() - make_interval(secs => 10 * t.n) from t where t.id = x.id;

select is(switchboard.reap(batch_limit => 2), 2, 'batch_limit 2 closes two');
select is((select array_agg(n order by n) from t join switchboard.todos x on x.id = t.id where x.state = 'pending'),
          array[2, 3], 'the oldest lapses first');
select is(switchboard.reap(batch_limit => 2), 1, 'the next batch closes the rest');
select is(switchboard.reap(), 0, 'then there is nothing to do');
select throws_ok('select switchboard.reap(batch_limit => 0)', 'SB422', null, 'batch_limit 0 is invalid');

select * from finish();
rollback;
