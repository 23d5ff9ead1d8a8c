begin;
select plan(7);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as td \gset
select switchboard.owner_claim(:'ow', :'td') as c \gset

select is((:'c'::jsonb)->>'state', 'claimed', 'the todo is claimed');
select is((:'c'::jsonb)->>'owner', 'owner:alice', 'held by owner:<handle>');
select is(((:'c'::jsonb)->>'attempt_seq')::int, 1, 'opens attempt 1');
select ok(not ((:'c'::jsonb) ? 'lease_token'), 'unfenced');
select is(test.attempt_row(:'td', 1)->>'claimer_kind', 'owner', 'the attempt''s claimer is an owner');
select is(test.attempt_row(:'td', 1)->>'owner_id', :'ow', 'the claiming owner is recorded');
select is(test.attempt_row(:'td', 1)->>'claimant', 'owner:alice', 'the claimant defaults to owner:<handle>');

select * from finish();
rollback;
