begin;
select plan(4);

-- A summary of plain ASCII one byte over the limit keeps exactly 2048 bytes (no character straddles the cut, so
-- nothing more is dropped), marked truncated; one of exactly 2048 bytes is kept whole and not marked.
select test.endpoint() as ep \gset
select test.todo(:'ep') as over \gset
select test.todo(:'ep') as at_limit \gset
select switchboard.claim(:'ep'::uuid, x) from unnest(array[:'over', :'at_limit']::uuid[]) x;
select switchboard.complete(:'ep'::uuid, :'over'::uuid, summary => repeat('a', 2048) || 'b') as d1 \gset
select switchboard.complete(:'ep'::uuid, :'at_limit'::uuid, summary => repeat('c', 2048)) as d2 \gset

select is((test.attempt_row(:'over', 1))->>'summary', repeat('a', 2048), '2049 ASCII bytes: the first 2048 are kept');
select is((test.attempt_row(:'over', 1))->'summary_truncated', 'true'::jsonb, 'marked truncated');
select is((test.attempt_row(:'at_limit', 1))->>'summary', repeat('c', 2048), 'exactly 2048 bytes: kept whole');
select is((test.attempt_row(:'at_limit', 1))->'summary_truncated', 'false'::jsonb, 'and not marked');

select * from finish();
rollback;
