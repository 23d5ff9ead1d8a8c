begin;
select plan(4);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select throws_ok(format('update switchboard.todos set lease_expires_at = null where id = %L', :'td'), '23514',
                 'new row for relation "todos" violates check constraint "todos_claimed_has_lease"',
                 'the error names the rule that was broken');
select throws_ok(format('update switchboard.todos set attempts_pruned = last_seq + 1 where id = %L', :'td'), '23514',
                 'new row for relation "todos" violates check constraint "todos_attempts_pruned_range"',
                 'counter ranges are rules too');
select throws_ok(format($q$select test.set_attempt(%L, 1, '{"ended_at": "2026-01-01T00:00:00Z", "disposition": "done"}')$q$, :'td'),
                 '23514', 'new row for relation "todo_attempts" violates check constraint "todo_attempts_outcome_pair"',
                 'a closed attempt needs an outcome (a null one passed the old pair check)');
select throws_ok(format($q$select test.set_attempt(%L, 1, '{"ended_at": "2026-01-01T00:00:00Z", "outcome": "completed"}')$q$, :'td'),
                 '23514', null, 'and a disposition');

select * from finish();
rollback;
