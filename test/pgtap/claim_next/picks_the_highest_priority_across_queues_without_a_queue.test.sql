begin;
select plan(4);

-- Without a queue, priority decides across every queue of the endpoint, then the earliest ready time.
select test.endpoint() as ep \gset
select (switchboard.add_todo(:'ep'::uuid, 'a', priority => 0, run_at => now() - interval '1 hour'))->>'id' as a_low \gset
select (switchboard.add_todo(:'ep'::uuid, 'b', priority => 9, run_at => now() - interval '1 second'))->>'id' as b_top \gset
select (switchboard.add_todo(:'ep'::uuid, 'c', priority => 3, run_at => now() - interval '2 seconds'))->>'id' as c_mid \gset
select (switchboard.add_todo(:'ep'::uuid, 'a', priority => 3, run_at => now() - interval '1 second'))->>'id' as a_mid \gset

select is((switchboard.claim_next(:'ep'::uuid))->>'id', :'b_top', 'the highest priority, though its queue and time are not first');
select is((switchboard.claim_next(:'ep'::uuid))->>'id', :'c_mid', 'then, of equal priority, the earlier ready across queues');
select is((switchboard.claim_next(:'ep'::uuid))->>'id', :'a_mid', 'then the later one');
select is((switchboard.claim_next(:'ep'::uuid))->>'id', :'a_low', 'the lowest priority last, however long it waited');

select * from finish();
rollback;
