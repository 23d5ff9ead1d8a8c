begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select throws_ok(format($q$update switchboard.todo_attempts set ended_at = now(), outcome = 'completed', disposition = 'requeued' where todo_id = %L$q$, :'td'),
                 '23514', null, 'completed/requeued is not a pair of the table');
select throws_ok(format($q$update switchboard.todo_attempts set ended_at = now(), outcome = 'reaped', disposition = 'requeued', summary = 'x' where todo_id = %L$q$, :'td'),
                 '23514', null, 'a died attempt cannot carry a summary');
select throws_ok(format($q$update switchboard.todo_attempts set claimant = repeat('c', 129) where todo_id = %L$q$, :'td'),
                 '23514', null, 'storage bounds the claimant to 128 bytes too');

select * from finish();
rollback;
