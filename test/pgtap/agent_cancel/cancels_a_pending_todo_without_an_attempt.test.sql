begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.agent_cancel(:'ep'::uuid, :'td'::uuid) as x \gset

select is((:'x'::jsonb)->>'state', 'canceled', 'a pending todo is canceled');
select is(test.attempt_rows(:'td'), 0::bigint, 'no attempt is made up for it');
select is((switchboard.claim_next(:'ep'::uuid, 'q'))->>'empty', 'true', 'it is no longer claimable');

select * from finish();
rollback;
