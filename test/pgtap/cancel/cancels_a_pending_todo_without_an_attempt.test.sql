begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset

select is((switchboard.cancel(test.owner_of(:'ep'), :'td'::uuid))->>'state', 'canceled', 'a pending todo is canceled');
select is(test.attempt_rows(:'td'), 0::bigint, 'no attempt is recorded');

select * from finish();
rollback;
