begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as td \gset
select switchboard.claim_next(:'ep'::uuid) as c \gset
select test.lapse(:'td');

select is(switchboard.claim_next(:'ep'::uuid), '{"empty": true}'::jsonb, 'a lapse at the cap is left to the reaper');
select is((test.attempt_row(:'td', 1))->>'ended_at', null, 'its attempt stays open until reaped');

select * from finish();
rollback;
