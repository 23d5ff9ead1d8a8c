begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
-- 2046 bytes, then a 4-byte character straddling byte 2048.
select switchboard.release(:'ep'::uuid, :'td'::uuid, summary => repeat('z', 2046) || '🦀' || 'more') as r \gset

select is((test.attempt_row(:'td', 1))->>'summary', repeat('z', 2046), 'the 4-byte character is dropped whole');
select is((test.attempt_row(:'td', 1))->'summary_truncated', 'true'::jsonb, 'and the cut is marked');

select * from finish();
rollback;
