begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select throws_ok(format($q$select test.set_attempt(%L, 1, '{"ended_at": "2026-01-01T00:00:00Z", "outcome": "completed", "disposition": "requeued"}')$q$, :'td'),
                 '23514', null, 'completed/requeued is not a pair of the table');
select throws_ok(format($q$select test.set_attempt(%L, 1, '{"ended_at": "2026-01-01T00:00:00Z", "outcome": "reaped", "disposition": "requeued", "summary": "x"}')$q$, :'td'),
                 '23514', null, 'a died attempt cannot carry a summary');
select throws_ok(format($q$select test.set_attempt(%L, 1, jsonb_build_object('claimant', repeat('c', 129)))$q$, :'td'),
                 '23514', null, 'storage bounds the claimant to 128 bytes too');

select * from finish();
rollback;
