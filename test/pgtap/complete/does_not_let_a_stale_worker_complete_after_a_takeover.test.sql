begin;
select plan(4);

-- A slow worker outlives its fenced lease; another claim takes the todo over; the slow worker's token is stale.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select (switchboard.claim(:'ep'::uuid, :'td'::uuid, require_fence => true))->>'lease_token' as stale \gset
select test.lapse(:'td');
select (switchboard.claim(:'ep'::uuid, :'td'::uuid, require_fence => true))->>'lease_token' as fresh \gset

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid, lease_token => %L)', :'ep', :'td', :'stale'), 'SB409', null,
                 'the stale worker''s token is a conflict');
select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'so is no token at all');
select is((test.attempt_row(:'td', 2))->>'ended_at', null, 'the new attempt stays open');
select is((switchboard.complete(:'ep'::uuid, :'td'::uuid, lease_token => :'fresh'))->>'state', 'done', 'the new holder completes');

select * from finish();
rollback;
