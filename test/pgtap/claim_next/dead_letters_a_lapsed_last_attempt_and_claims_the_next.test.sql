begin;
select plan(8);

-- A lapsed lease on its last attempt cannot be taken over; claim_next dead-letters it as the reaper would
-- (reaped/dead_lettered, in its own transaction) and claims the next claimable todo instead.
select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as td \gset
select switchboard.claim_next(:'ep'::uuid, 'q') as c \gset
select test.lapse(:'td');
select test.todo(:'ep') as next \gset

select is(switchboard.claim_next(:'ep'::uuid, 'q')->>'id', :'next', 'the queue form claims the next todo');
select is((test.todo_row(:'td'))->>'state', 'failed', 'the lapsed last attempt is now failed');
select is(switchboard.get_todo(:'ep'::uuid, :'td'::uuid)->'dead_letter', 'true'::jsonb, 'a dead letter');
select is(((test.attempt_row(:'td', 1))->>'outcome') || '/' || ((test.attempt_row(:'td', 1))->>'disposition'),
          'reaped/dead_lettered', 'its attempt is closed with the reaper''s pair');
select is((select count(*) from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
            where k.identifier = 'switchboard_dead_letter' and j.payload->>'todo_id' = :'td'),
          0::bigint, 'no notification job without a configured sink (none here)');

-- The any-queue form does the same.
select test.endpoint() as ep2 \gset
select test.todo(:'ep2', queue => 'a', max_attempts => 1) as td2 \gset
select switchboard.claim_next(:'ep2'::uuid) as c2 \gset
select test.lapse(:'td2');
select test.todo(:'ep2', queue => 'b') as next2 \gset
select is(switchboard.claim_next(:'ep2'::uuid)->>'id', :'next2', 'the any-queue form claims the next todo');
select is((test.attempt_row(:'td2', 1))->>'disposition', 'dead_lettered', 'and dead-letters the lapsed one');

-- With nothing else to claim it still settles the lapsed one, then answers empty.
select test.endpoint() as ep3 \gset
select test.todo(:'ep3', max_attempts => 1) as td3 \gset
select switchboard.claim_next(:'ep3'::uuid) as c3 \gset
select test.lapse(:'td3');
select is(switchboard.claim_next(:'ep3'::uuid, 'q') || jsonb_build_object('state', (test.todo_row(:'td3'))->>'state'),
          '{"empty": true, "state": "failed"}'::jsonb, 'empty, and the lapsed last attempt is a dead letter');

select * from finish();
rollback;
