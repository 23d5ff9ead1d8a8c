-- claim_next of any queue whose first find (the oldest lapsed lease) is in a paused queue looks on in the endpoint's
-- other queues, and there a lapsed lease with attempts left is work like a ready todo: it is taken over, not left
-- waiting for the reaper.
begin;
select plan(2);

select test.endpoint() as ep \gset
select test.owner_of(:'ep'::uuid) as owner \gset
select switchboard.add_todo(:'ep'::uuid, 'b', priority => 1) ->> 'id' as lapsed \gset
select switchboard.claim(:'ep'::uuid, :'lapsed'::uuid) is not null as claimed \gset
update switchboard.todos set lease_expires_at = now() - interval '1 second' where id = :'lapsed';
select switchboard.add_todo(:'ep'::uuid, 'a', priority => 9) ->> 'id' as held \gset
select switchboard.claim(:'ep'::uuid, :'held'::uuid) is not null as claimed \gset
update switchboard.todos set lease_expires_at = now() - interval '1 minute' where id = :'held';
select switchboard.pause_queue(:'owner'::uuid, 'a') as p \gset

select is(switchboard.claim_next(:'ep'::uuid) ->> 'id', :'lapsed', 'the lapsed lease of queue b is taken over');
select is((switchboard.get_todo(:'ep'::uuid, :'lapsed'::uuid) ->> 'attempt')::int, 2, 'as a second attempt');

select * from finish();
rollback;
