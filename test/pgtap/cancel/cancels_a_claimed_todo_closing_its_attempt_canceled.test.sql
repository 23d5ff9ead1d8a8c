begin;
select plan(5);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.cancel(test.owner_of(:'ep'), :'td'::uuid) as x \gset

select is((:'x'::jsonb)->>'state', 'canceled', 'the todo is canceled');
select is((:'x'::jsonb)->>'owner', null, 'nobody holds it');
select is((test.attempt_row(:'td', 1))->>'outcome', 'canceled', 'the attempt closes canceled');
select is((test.attempt_row(:'td', 1))->>'disposition', 'canceled', 'with disposition canceled');
select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null, 'the former holder can no longer complete it');

select * from finish();
rollback;
