-- A lease ends at its lease_expires_at: a sweep at that very instant reaps it (requeued below its cap), as a claim
-- at that instant may take it over.
begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
update switchboard.todos t set lease_expires_at = now(), head_lease_expires_at = now() where t.id = :'td';
select is(switchboard.reap(), 1, 'the sweep at the instant the lease ends reaps it');
select is((test.todo_row(:'td'))->>'state', 'pending', 'requeued');

select * from finish();
rollback;
