-- As switchboard_worker alone, a todo id reads nothing: no function of the worker takes one, and a todo id is no
-- delivery. The worker reads a dead letter's notice only through the delivery its job names, and once that
-- delivery is done, not again.
begin;
select plan(6);

select test.endpoint() as ep \gset
select switchboard.set_owner_notify_url(test.owner_of(:'ep'), 'https://hooks.example/dead') as s \gset
select switchboard.add_todo(endpoint_id => :'ep', queue => 'q', title => 'acquisition of Initech', max_attempts => 1)->>'id' as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'deal-bot') as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, summary => 'the price is 4.2 billion') as f \gset
select (q->'payload'->>'delivery_id') as dl, q->>'rings' as rings from test.queued('switchboard_dead_letter') q \gset

set local role switchboard_worker;
select throws_ok(format('select switchboard_worker.dead_letter_notice(%L::uuid)', :'td'), null, null,
                 'the worker has no read of a todo by its id');
select throws_ok(format('select switchboard.dead_letter_notice(%L::uuid)', :'td'), '42501', null, 'nor the admin''s');
select throws_ok(format('select switchboard_worker.delivery(%L::uuid)', :'td'), 'SB404', null, 'a todo id is no delivery');
select is(switchboard_worker.delivery(:'dl'::uuid) #>> '{body,final_attempt,summary}', 'the price is 4.2 billion',
          'the delivery its job names reads the notice it delivers');
select ok(switchboard_worker.delivered(:'dl'::uuid, :'rings'::bigint), 'done with it');
select throws_ok(format('select switchboard_worker.delivery(%L::uuid)', :'dl'), 'SB404', null, 'and then it reads nothing more');
reset role;

select * from finish();
rollback;
