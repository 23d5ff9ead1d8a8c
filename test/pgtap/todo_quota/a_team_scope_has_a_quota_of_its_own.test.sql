-- A team's todos are the team's scope: a team endpoint filing on a team queue counts against the team's quota, on any
-- other queue against its own, and a full team scope leaves the endpoint's own room as it was.
begin;
select plan(5);

select test.set('todos_max_per_scope', '2');
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w \gset

select lives_ok(format($q$select test.todo(%L, 'tq'), test.todo(%L, 'tq')$q$, :'r', :'w'),
                'two team todos, by two of the team''s endpoints');
select throws_ok(format($q$select switchboard.add_todo(%L, 'tq')$q$, :'r'), 'SB429', null,
                 'a third on the team queue is refused: the team''s scope is full');
select lives_ok(format($q$select test.todo(%L, 'pq'), test.todo(%L, 'pq')$q$, :'r', :'r'),
                'the same endpoint still files two todos of its own');
select throws_ok(format($q$select switchboard.add_todo(%L, 'pq')$q$, :'r'), 'SB429', null, 'and no third');
select is((select array_agg(scope_id::text || ':' || n order by scope_id::text = :'team')
             from (select scope_id, sum(stored) n from switchboard.scope_todo_counts
                    where scope_id in (:'team', :'r') group by scope_id) c),
          array[:'r' || ':2', :'team' || ':2'], 'each scope counts its own two');

select * from finish();
rollback;
