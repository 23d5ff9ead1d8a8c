begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'claiming a todo held under a live lease is a conflict');
select is(test.attempt_rows(:'td'), 1::bigint, 'no attempt is opened');
select is((test.attempt_row(:'td', 1))->>'ended_at', null, 'the holder''s attempt stays open');

select * from finish();
rollback;
