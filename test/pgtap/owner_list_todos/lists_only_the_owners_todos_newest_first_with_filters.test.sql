begin;
select plan(6);

select test.endpoint(handle => 'alice') as ep1 \gset
select test.owner_of(:'ep1') as ow \gset
select (switchboard.vend_endpoint(:'ow', 'second')->>'endpoint_id') as ep2 \gset
select test.endpoint(handle => 'bob') as ep_b \gset
select test.todo(:'ep1', 'builds') as t1 \gset
select test.todo(:'ep2', 'deploys', 1) as t2 \gset
select test.todo(:'ep_b', 'builds') as tb \gset
update switchboard.todos set created_at = now() - interval '1 minute' where id = :'t1';
select switchboard.claim(:'ep2', :'t2') \gset
select switchboard.fail(:'ep2', :'t2') \gset

select is((select jsonb_agg(x->>'id') from jsonb_array_elements(switchboard.owner_list_todos(:'ow')->'todos') x),
          jsonb_build_array(:'t2', :'t1'), 'todos of both of alice''s endpoints, newest first, none of bob''s');
select is((select jsonb_agg(x->>'id') from jsonb_array_elements(switchboard.owner_list_todos(:'ow', dead_letter => true)->'todos') x),
          jsonb_build_array(:'t2'), 'dead_letter filter');
select is((select jsonb_agg(x->>'id') from jsonb_array_elements(switchboard.owner_list_todos(:'ow', queue => 'builds', state => 'pending')->'todos') x),
          jsonb_build_array(:'t1'), 'queue and state filters combine');
select is(switchboard.owner_list_todos(:'ow', page_size => 1)->'todos'->0->>'agent_id', 'second', 'each row names its endpoint''s agent');
select is((select jsonb_agg(x->>'id') from jsonb_array_elements(
             switchboard.owner_list_todos(:'ow', page_size => 1,
               cursor => switchboard.owner_list_todos(:'ow', page_size => 1)->>'next_cursor')->'todos') x),
          jsonb_build_array(:'t1'), 'the cursor gives the next page');
select throws_ok(format('select switchboard.owner_list_todos(%L, state => %L)', :'ow', 'dead'), 'SB422', null, 'an unknown state is invalid');

select * from finish();
rollback;
