begin;
select plan(3);

select test.endpoint() as ep \gset
select test.endpoint() as other \gset
select test.todo(:'other') as foreign_td \gset

select is(switchboard.claim_next(:'ep'::uuid), '{"empty": true}'::jsonb, 'no todos: {"empty": true} and nothing else');
select test.todo(:'ep', 'a') as td \gset
select is(switchboard.claim_next(:'ep'::uuid, 'b'), '{"empty": true}'::jsonb, 'another queue''s todo is not picked');
select is(test.attempt_rows(:'foreign_td'), 0::bigint, 'another endpoint''s todo is never picked');

select * from finish();
rollback;
