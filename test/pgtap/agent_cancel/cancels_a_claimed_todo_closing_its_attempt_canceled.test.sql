begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'worker-1') as c \gset
select switchboard.agent_cancel(:'ep'::uuid, :'td'::uuid) as x \gset

select is((:'x'::jsonb)->>'state', 'canceled', 'the todo is canceled');
select is((:'x'::jsonb)->>'held_by', null, 'nobody holds it');
select is((test.attempt_row(:'td', 1))->>'outcome', 'canceled', 'the open attempt closes canceled');
select is((test.attempt_row(:'td', 1))->>'disposition', 'canceled', 'with disposition canceled');
select isnt((test.attempt_row(:'td', 1))->>'ended_at', null, 'and an end time, in the same transaction');
select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'the worker that held it can no longer complete it');

select * from finish();
rollback;
