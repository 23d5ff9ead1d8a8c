begin;
select plan(3);

-- On its last attempt a lapsed lease is the reaper's to dead-letter; a claim cannot spend a sixth attempt.
select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select test.lapse(:'td');

select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'a lapsed lease at the cap is not taken over');
select is(test.attempt_rows(:'td'), 1::bigint, 'no attempt is opened');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'the todo waits for the reaper');

select * from finish();
rollback;
