begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim_next(:'ep'::uuid) as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f \gset
select is(switchboard.claim_next(:'ep'::uuid), '{"empty": true}'::jsonb, 'a retry that is not due is not picked');
select test.due(:'td');
select switchboard.claim_next(:'ep'::uuid) as c2 \gset

select is((:'c2'::jsonb)->>'id', :'td', 'once next_retry_at has passed, claim_next picks the failed todo');
select is(((:'c2'::jsonb)->>'attempt')::int, 2, 'as attempt 2');

select * from finish();
rollback;
