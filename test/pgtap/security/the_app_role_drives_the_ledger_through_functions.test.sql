begin;
select plan(5);

-- Everything a server does, done as switchboard_app: only functions, and they work.
set local role switchboard_app;
select (switchboard.add_owner('app-role-owner'))->>'owner_id' as o \gset
select (switchboard.vend_endpoint(:'o'::uuid, 'app-bot'))->>'endpoint_id' as ep \gset
select (switchboard.add_todo(:'ep'::uuid, 'q'))->>'id' as td \gset
select switchboard.claim_next(:'ep'::uuid, 'q', require_fence => true) as c \gset

select is((:'c'::jsonb)->>'id', :'td', 'claim_next works');
select is((switchboard.complete(:'ep'::uuid, :'td'::uuid, lease_token => (:'c'::jsonb)->>'lease_token'))->>'state', 'done', 'complete works');
select is(jsonb_array_length((switchboard.get_todo(:'ep'::uuid, :'td'::uuid))->'attempts'), 1, 'get_todo works');
select is(switchboard.reap(), 0, 'reap works');
select throws_ok('select switchboard._history_cap()', '42501', null, 'a helper is refused');
reset role;

select * from finish();
rollback;
