-- add_todos checks each scope's quota once for its batch: the elements it files in a scope may fill it exactly, the
-- first element past it is the one named, an element a key answers takes no room, and a batch that files in two
-- scopes (a team queue and the endpoint's own) counts each in its own.
begin;
select plan(8);

select test.set('todos_max_per_scope', '3');
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r \gset

create temp view counted as
  select s.scope_id, (select coalesce(sum(c.stored), 0) from switchboard.scope_todo_counts c where c.scope_id = s.scope_id)::int as n
    from unnest(array[:'r', :'team']::uuid[]) s(scope_id);

select is(jsonb_array_length(switchboard.add_todos(:'r', '[{"queue": "pq", "idempotency_key": "k1"}, {"queue": "pq"}]')), 2,
          'two of the endpoint''s own');
select is(jsonb_array_length(switchboard.add_todos(:'r', '[{"queue": "tq"}, {"queue": "pq", "idempotency_key": "k1"}, {"queue": "pq"}, {"queue": "tq"}]')), 4,
          'a batch across both scopes: one more of its own fills it exactly; the retried key takes no room');
select is((select array_agg(n order by scope_id = :'team') from counted), array[3, 2], 'each scope counted what it stores');
select is((select array_agg(n order by scope_id = :'team') from counted),
          (select array_agg(c order by scope_id = :'team') from (select scope_id, count(*)::int c from switchboard.todos
                                                               where scope_id in (:'r', :'team') group by scope_id) x),
          'the same as a count of the rows');

select throws_ok(format($q$select switchboard.add_todos(%L, '[{"queue": "pq", "idempotency_key": "k1"}, {"queue": "tq"}, {"queue": "pq"}]')$q$, :'r'),
                 'SB429', 'throttled: todos[2]: this scope already stores 3 todos, its quota (todos_max_per_scope)',
                 'a full scope: its first new element is named (the key it answers and the team''s room pass)');
select throws_ok(format($q$select switchboard.add_todos(%L, '[{"queue": "tq"}, {"queue": "pq", "idempotency_key": "k1"}, {"queue": "tq"}]')$q$, :'r'),
                 'SB429', 'throttled: todos[2]: this scope already stores 3 todos, its quota (todos_max_per_scope)',
                 'the team with room for one: its second new element is named');
select is((select array_agg(n order by scope_id = :'team') from counted), array[3, 2], 'and the refused batches counted nothing');
select is((select count(*) from switchboard.todos where scope_id in (:'r', :'team'))::int, 5, 'nor filed anything');

select * from finish();
rollback;
