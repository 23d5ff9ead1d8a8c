begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f \gset

select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'a failed todo cannot be claimed before its next_retry_at');
select is((test.todo_row(:'td'))->>'state', 'failed', 'it stays failed, waiting');

select * from finish();
rollback;
