begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.cancel(test.owner_of(:'ep'), :'td'::uuid) as x \gset

select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'a canceled todo cannot be claimed');
select is(test.attempt_rows(:'td'), 0::bigint, 'no attempt is opened');

select * from finish();
rollback;
