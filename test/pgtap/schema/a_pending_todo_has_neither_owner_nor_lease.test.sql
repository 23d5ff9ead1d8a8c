begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset

select throws_ok(format('update switchboard.todos set owner = %L where id = %L', 'agent:x', :'td'), '23514', null,
                 'a pending todo with an owner is rejected');
select throws_ok(format('update switchboard.todos set lease_expires_at = now() where id = %L', :'td'), '23514', null,
                 'a pending todo with a lease is rejected');
select throws_ok(format('update switchboard.todos set state = %L, next_retry_at = now() where id = %L', 'done', :'td'), '23514', null,
                 'a done todo with a retry scheduled is rejected');

select * from finish();
rollback;
