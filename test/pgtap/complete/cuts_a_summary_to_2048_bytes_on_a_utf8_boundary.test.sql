begin;
select plan(5);

-- 2047 ASCII bytes then a 3-byte character straddling byte 2048: it is dropped whole, and the cut is marked.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.complete(:'ep'::uuid, :'td'::uuid, summary => repeat('s', 2047) || '€' || repeat('x', 100)) as d \gset
select (test.attempt_row(:'td', 1))->>'summary' as s \gset

select is((:'d'::jsonb)->>'state', 'done', 'a long summary is never rejected');
select is(octet_length(:'s'::text), 2047, 'the summary is cut before the straddling character');
select is(:'s'::text, repeat('s', 2047), 'what is kept is the valid prefix');
select is(convert_from(convert_to(:'s'::text, 'UTF8'), 'UTF8'), repeat('s', 2047), 'and it is valid UTF-8');
select is((test.attempt_row(:'td', 1))->'summary_truncated', 'true'::jsonb, 'summary_truncated is set');

select * from finish();
rollback;
