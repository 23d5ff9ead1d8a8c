begin;
select plan(5);

select test.endpoint() as ep \gset
select test.todo(:'ep') as pending_td \gset
select test.todo(:'ep') as lapsed \gset
select test.todo(:'ep') as fenced \gset
select switchboard.claim(:'ep'::uuid, :'lapsed'::uuid) as c1 \gset
select test.lapse(:'lapsed');
select switchboard.claim(:'ep'::uuid, :'fenced'::uuid, require_fence => true) as c2 \gset

select throws_ok(format('select switchboard.release(%L::uuid, %L::uuid)', :'ep', :'pending_td'), 'SB409', null, 'a pending todo: conflict');
select throws_ok(format('select switchboard.release(%L::uuid, %L::uuid)', :'ep', :'lapsed'), 'SB409', null, 'a lapsed lease: conflict');
select throws_ok(format('select switchboard.release(%L::uuid, %L::uuid)', :'ep', :'fenced'), 'SB409', null, 'a fenced attempt without its token: conflict');
select is((test.todo_row(:'fenced'))->>'state', 'claimed', 'the fenced todo stays claimed');
select is((switchboard.release(:'ep'::uuid, :'fenced'::uuid, lease_token => (:'c2'::jsonb)->>'lease_token'))->>'state', 'pending',
          'with its token the holder releases');

select * from finish();
rollback;
