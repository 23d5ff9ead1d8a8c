begin;
select plan(4);

-- Two tenants share the queue name 'builds'; metrics aggregate by queue name.
select test.endpoint() as a \gset
select test.endpoint() as b \gset
select test.todo(:'a', 'builds') as t1 \gset
select test.todo(:'a', 'builds') as t2 \gset
select test.todo(:'b', 'builds') as t3 \gset
select test.todo(:'a', 'docs') as t4 \gset
select switchboard.add_todo(endpoint_id => :'a', queue => 'docs', run_at => now() + interval '1 hour') as later \gset
select switchboard.claim(:'a'::uuid, :'t2'::uuid) as c \gset
select switchboard.claim(:'a'::uuid, :'t4'::uuid), switchboard.complete(:'a'::uuid, :'t4'::uuid);
-- The oldest claimable builds todo has waited 90 s.
update switchboard.todos set ready_at = now() - interval '90 seconds' where id = :'t3';

select switchboard.metrics() as m \gset
select is((select jsonb_object_agg((e->>'queue') || '/' || (e->>'state'), (e->>'value')::int) from jsonb_array_elements((:'m'::jsonb)->'todos') e),
          '{"builds/pending": 2, "builds/claimed": 1, "builds/done": 0, "builds/failed": 0, "builds/canceled": 0,
            "docs/pending": 1, "docs/claimed": 0, "docs/done": 1, "docs/failed": 0, "docs/canceled": 0}'::jsonb,
          'todos by queue and state, every state of every queue');
select is((:'m'::jsonb)->'oldest_claimable_age_seconds', '[{"queue": "builds", "value": 90}]'::jsonb,
          'the oldest claimable todo per queue (a todo claimable only later does not count)');
select is((:'m'::jsonb)->'open_leases', '[{"queue": "builds", "value": 1}]'::jsonb, 'open leases per queue');
select is((:'m'::jsonb)->'attempts_closed', '[{"queue": "docs", "outcome": "completed", "value": 1}]'::jsonb, 'closed attempts');

select * from finish();
rollback;
