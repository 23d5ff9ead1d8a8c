begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f \gset

select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'a dead letter cannot be claimed');
select is(test.attempt_rows(:'td'), 1::bigint, 'no attempt is opened');

select * from finish();
rollback;
