begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim_next(:'ep'::uuid, 'q', claimant => 'run-1') as c \gset

select is((:'c'::jsonb)->>'id', :'td', 'claims the only ready todo');
select is((:'c'::jsonb)->>'state', 'claimed', 'the todo is claimed');
select is(((:'c'::jsonb)->>'attempt_seq')::int, 1, 'attempt_seq is 1 on a first claim');
select is((:'c'::jsonb)->'prior_attempts', '[]'::jsonb, 'prior_attempts is empty on a first claim');
select ok(not ((:'c'::jsonb) ? 'lease_token'), 'no lease_token without require_fence');
select is(test.attempt_rows(:'td'), 1::bigint, 'exactly one attempt row');

select * from finish();
rollback;
