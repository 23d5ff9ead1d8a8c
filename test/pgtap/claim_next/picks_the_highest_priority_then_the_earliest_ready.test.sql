begin;
select plan(3);

select test.endpoint() as ep \gset
select (switchboard.add_todo(:'ep'::uuid, 'q', priority => 0, run_at => now() - interval '1 minute'))->>'id' as old_low \gset
select (switchboard.add_todo(:'ep'::uuid, 'q', priority => 5, run_at => now() - interval '1 second'))->>'id' as new_high \gset
select (switchboard.add_todo(:'ep'::uuid, 'q', priority => 5, run_at => now() - interval '2 seconds'))->>'id' as old_high \gset

select is((switchboard.claim_next(:'ep'::uuid, 'q'))->>'id', :'old_high', 'highest priority, earliest ready first');
select is((switchboard.claim_next(:'ep'::uuid, 'q'))->>'id', :'new_high', 'then the other of that priority');
select is((switchboard.claim_next(:'ep'::uuid))->>'id', :'old_low', 'then the lower priority (any queue)');

select * from finish();
rollback;
