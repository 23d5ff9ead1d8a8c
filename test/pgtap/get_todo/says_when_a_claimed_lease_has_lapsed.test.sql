begin;
select plan(4);

-- Until a sweep or a claim closes it, a lapsed lease still reads claimed: lease_lapsed says the lease ran out.
select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as td \gset
select is(switchboard.get_todo(:'ep'::uuid, :'td'::uuid)->'lease_lapsed', 'false'::jsonb, 'pending: not lapsed');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select is(switchboard.get_todo(:'ep'::uuid, :'td'::uuid)->'lease_lapsed', 'false'::jsonb, 'a live lease: not lapsed');
select test.lapse(:'td');
select is((switchboard.get_todo(:'ep'::uuid, :'td'::uuid)->'state') || (switchboard.get_todo(:'ep'::uuid, :'td'::uuid)->'lease_lapsed'),
          '["claimed", true]'::jsonb, 'still claimed, lease_lapsed true');
select is((switchboard.list_todos(:'ep'::uuid)->'todos'->0)->'lease_lapsed', 'true'::jsonb, 'lists say so too');

select * from finish();
rollback;
