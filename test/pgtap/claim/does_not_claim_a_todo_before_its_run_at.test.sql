begin;
select plan(2);

select test.endpoint() as ep \gset
select (switchboard.add_todo(:'ep'::uuid, 'q', run_at => now() + interval '1 hour'))->>'id' as td \gset

select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'a todo scheduled for later cannot be claimed now');
select is((switchboard.claim_next(:'ep'::uuid)), '{"empty": true}'::jsonb, 'nor picked by claim_next');

select * from finish();
rollback;
