begin;
select plan(14);

-- Time passing, for the sweep: the owed rings fall due as if `secs` seconds had gone by.
create function pg_temp.pass(secs integer) returns void language sql as $$
  update switchboard.due_rings set due_at = due_at - make_interval(secs => secs)
$$;

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select switchboard.set_endpoint_doorbell_url(test.owner_of(:'ep'), :'ep'::uuid, 'http://127.0.0.1:9/bell') as s \gset
delete from graphile_worker._private_jobs;

select switchboard.add_todo(endpoint_id => :'ep', queue => 'later', run_at => now() + interval '30.25 seconds') as t \gset
select is(test.webhook_rings(), 0::bigint, 'a todo filed for later rings nobody when it is filed');
select results_eq(
  $$select due_at, scope_id, queue, todo_id from switchboard.due_rings$$,
  format($$values (date_trunc('second', now() + interval '30.25 seconds') + interval '1 second', %L::uuid, 'later'::text, %L::uuid)$$,
         :'ep', :'t'::jsonb ->> 'id'),
  'it owes its queue a ring at its ready time, rounded up to the second');

select is(switchboard.ring_due_todos(), 0, 'before that time the sweep finds nothing due');
select is(test.webhook_rings(), 0::bigint, 'and rings nothing');

select pg_temp.pass(30);
select is(switchboard.ring_due_todos(), 0, 'nor a second before it');
select pg_temp.pass(2);
select is(switchboard.ring_due_todos(), 1, 'once its time has passed the sweep takes the row');
select is(test.webhook_rings(), 1::bigint, 'and rings the queue');
select is(switchboard.ring_due_todos(), 0, 'a ring is owed once');

-- Filed for now: rung at once by the insert trigger, nothing owed for later.
select test.todo(:'ep') as now_td \gset
select is((select count(*) from switchboard.due_rings), 0::bigint, 'a todo claimable at once owes no later ring');

-- A run_at on a whole second is owed at that second, not the next.
select switchboard.add_todo(endpoint_id => :'ep', queue => 'whole', run_at => date_trunc('second', now()) + interval '90 seconds') as w \gset
select is((select due_at from switchboard.due_rings where queue = 'whole'), date_trunc('second', now()) + interval '90 seconds',
          'a run_at on a whole second owes its ring at that second');
delete from switchboard.due_rings where queue = 'whole';

-- A burst filed for later: a row per todo, one ring per queue when the sweep finds them due.
select switchboard.add_todos(endpoint_id => :'ep', todos => jsonb_build_array(
  jsonb_build_object('queue', 'burst', 'run_at', date_trunc('second', now()) + interval '60.1 seconds'),
  jsonb_build_object('queue', 'burst', 'run_at', date_trunc('second', now()) + interval '60.5 seconds'),
  jsonb_build_object('queue', 'burst', 'run_at', date_trunc('second', now()) + interval '60.9 seconds'),
  jsonb_build_object('queue', 'burst', 'run_at', date_trunc('second', now()) + interval '61.5 seconds'))) as b \gset
select is((select count(*) from switchboard.due_rings where queue = 'burst'), 4::bigint, 'each todo filed for later owes its ring');
delete from graphile_worker._private_jobs;
select pg_temp.pass(120);
select is(switchboard.ring_due_todos(), 4, 'the sweep takes the four rows');
select is(test.webhook_rings(), 1::bigint, 'and rings the queue once for all of them');

-- A todo canceled and pruned before its time takes its owed ring with it: a tenant's rows are bounded by its todos.
select switchboard.add_todo(endpoint_id => :'ep', queue => 'gone', run_at => now() + interval '1 day') ->> 'id' as gone \gset
select switchboard.cancel(test.owner_of(:'ep'), :'gone'::uuid) as c \gset
update switchboard.todos set updated_at = now() - interval '400 days' where id = :'gone';
select switchboard.prune() as pruned \gset
select is((select count(*) from switchboard.due_rings where todo_id = :'gone'), 0::bigint, 'a pruned todo owes no ring');

select * from finish();
rollback;
