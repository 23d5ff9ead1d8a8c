begin;
select plan(7);

select test.endpoint() as ep \gset
select test.todo(:'ep') as claimed_td \gset
select test.todo(:'ep') as pending_td \gset
select switchboard.claim(:'ep'::uuid, :'claimed_td'::uuid) as c \gset
select switchboard.revoke_endpoint(test.owner_of(:'ep'), :'ep'::uuid) as r \gset

select is(((:'r'::jsonb)->>'todos_dead_lettered')::int, 1, 'one claimed todo is dead-lettered');
select is((test.todo_row(:'claimed_td'))->>'state', 'failed', 'it is failed');
select is((test.todo_row(:'claimed_td'))->>'next_retry_at', null, 'with no retry: a dead letter');
select is((test.attempt_row(:'claimed_td', 1))->>'outcome', 'revoked', 'its attempt closes revoked');
select is((test.attempt_row(:'claimed_td', 1))->>'disposition', 'dead_lettered', 'with disposition dead_lettered');
select is((test.todo_row(:'pending_td'))->>'state', 'pending', 'a pending todo has no attempt to close');
select is(((switchboard.revoke_endpoint(test.owner_of(:'ep'), :'ep'::uuid))->>'todos_dead_lettered')::int, 0,
          'revoking twice changes nothing more');

select * from finish();
rollback;
