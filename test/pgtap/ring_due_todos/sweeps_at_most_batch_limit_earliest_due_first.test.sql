begin;
select plan(6);

select test.endpoint() as ep \gset
select switchboard.add_todo(endpoint_id => :'ep', queue => q, run_at => now() + make_interval(mins => m))
  from (values ('a', 3), ('b', 2), ('c', 1)) v(q, m);
select is((select count(*) from switchboard.due_rings), 3::bigint, 'three rings owed, one per queue');
-- Ten minutes on: all three are due, c's the earliest, then b's.
update switchboard.due_rings set due_at = due_at - interval '10 minutes';

select is(switchboard.ring_due_todos(batch_limit => 2), 2, 'a batch of two');
select is(array(select queue from switchboard.due_rings), array['a'], 'takes the earliest due first');
select is(switchboard.ring_due_todos(batch_limit => 2), 1, 'the next batch takes the last');
select is(switchboard_worker.ring_due_todos(batch_limit => 2), 0, 'the worker''s sweep finds nothing left');
select throws_ok('select switchboard.ring_due_todos(batch_limit => 0)', 'SB422', null, 'batch_limit below 1 is invalid');

select * from finish();
rollback;
