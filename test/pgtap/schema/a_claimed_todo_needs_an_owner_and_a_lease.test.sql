begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select throws_ok(format('update switchboard.todos set lease_expires_at = null where id = %L', :'td'), '23514', null,
                 'a claimed todo without a lease is rejected');
select throws_ok(format('update switchboard.todos set owner = null where id = %L', :'td'), '23514', null,
                 'a claimed todo without an owner is rejected');

select * from finish();
rollback;
