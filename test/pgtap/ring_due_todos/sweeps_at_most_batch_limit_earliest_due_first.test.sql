begin;
select plan(8);

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

-- A ring owed for exactly now() is due; one owed for a second on is not yet. A batch of one is a batch.
select switchboard.add_todo(endpoint_id => :'ep', queue => q, run_at => now() + interval '1 hour') from (values ('d'), ('e')) v(q);
update switchboard.due_rings set due_at = case queue when 'd' then now() else now() + interval '1 second' end;
select is(switchboard.ring_due_todos(batch_limit => 1), 1, 'a batch of one takes the ring owed for now');
select is(array(select queue from switchboard.due_rings), array['e'], 'and leaves the one owed for a second later');

select * from finish();
rollback;
