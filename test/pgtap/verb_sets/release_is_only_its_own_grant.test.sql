begin;
select plan(2);

-- Every verb but release: release stays forbidden, though complete and fail are held.
select test.endpoint(array['add_todo','claim','claim_next','heartbeat','complete','fail','get_todo','list_todos']) as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select throws_ok(format('select switchboard.release(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB403', null,
                 'release is not implied by any other verb');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'the todo stays claimed');

select * from finish();
rollback;
