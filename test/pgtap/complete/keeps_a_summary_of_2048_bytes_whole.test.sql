begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
-- 682 three-byte characters and two ASCII bytes: exactly 2048 bytes.
select switchboard.complete(:'ep'::uuid, :'td'::uuid, summary => repeat('€', 682) || 'ok') as d \gset

select is((test.attempt_row(:'td', 1))->>'summary', repeat('€', 682) || 'ok', 'a 2048-byte summary is kept whole');
select is((test.attempt_row(:'td', 1))->'summary_truncated', 'false'::jsonb, 'and not marked');
select is((switchboard.get_todo(:'ep'::uuid, :'td'::uuid))#>'{attempts,0,summary_truncated}', 'false'::jsonb,
          'reads say so');

select * from finish();
rollback;
