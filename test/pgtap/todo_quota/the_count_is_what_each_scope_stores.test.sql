-- The quota reads a count kept beside the todos, not a count(*) of them: after every path that files (add_todo,
-- add_todos, a2a_send, a schedule's ticks) and every path that deletes (prune by age and by max_rows), a scope's count
-- is exactly the todos it stores; a refused batch and a retried key leave it as it was.
begin;
select plan(4);

select test.endpoint() as a \gset
select test.endpoint() as b \gset
-- The two scopes' todos, each as stored and as counted (other tests may leave rows of their own scopes).
create temp view drift as
  select s.scope_id,
         (select count(*) from switchboard.todos t where t.scope_id = s.scope_id) as stored,
         (select coalesce(sum(c.stored), 0) from switchboard.scope_todo_counts c where c.scope_id = s.scope_id) as counted
    from unnest(array[:'a', :'b']::uuid[]) s(scope_id);
select test.owner_of(:'a') as owner_a \gset
select switchboard.add_todo(:'a', 'q', idempotency_key => 'k') as x \gset
select switchboard.add_todo(:'a', 'q', idempotency_key => 'k') as x \gset
select switchboard.add_todos(:'b', '[{"queue": "q"}, {"queue": "r"}, {"queue": "q", "idempotency_key": "k2"}]') as x \gset
select test.error_of(format($q$select switchboard.add_todos(%L, '[{"queue": "q"}, {"queue": "no spaces"}]')$q$, :'b')) as x \gset
select switchboard.a2a_send(:'a', 'm-1', null, '{"parts": [{"text": "x"}]}', 'q') as x \gset
select switchboard.add_schedule(:'b'::uuid, 's', '*/10 * * * *', '{}', 's') as s \gset
update switchboard.schedules set next_run_at = '2026-01-01T00:00:00Z' where id = ((:'s'::jsonb) ->> 'schedule_id')::uuid;
select switchboard.run_schedules('2026-01-01T00:25:00Z') as x \gset
select is((select count(*) from switchboard.todos where scope_id in (:'a', :'b')), 8::bigint, 'eight todos filed: 2, 3, 3 ticks');
select is((select array_agg(counted order by stored) from drift where stored = counted), array[2, 6]::numeric[],
          'every scope''s count is what it stores');

select count(switchboard.cancel(:'owner_a', id)) as x from switchboard.todos where endpoint_id = :'a' \gset
select count(switchboard.cancel(test.owner_of(:'b'), id)) as x from switchboard.todos where endpoint_id = :'b' \gset
select count(test.age(id, interval '40 days')) as x from switchboard.todos where endpoint_id = :'a' \gset
select switchboard.prune(max_rows => 2) as pruned \gset
select is((select array_agg(stored order by stored) from drift), array[0, 2]::bigint[],
          'prune deletes the two aged, then all but the newest two terminal ones');
select is((select array_agg(counted order by stored) from drift where stored = counted), array[0, 2]::numeric[],
          'and every scope''s count is again what it stores');

select * from finish();
rollback;
