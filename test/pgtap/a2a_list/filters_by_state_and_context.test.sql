begin;
select plan(4);

select test.endpoint() as ep \gset
select (switchboard.a2a_send(:'ep'::uuid, 'm1', 'ctx-1', '{}', 'q') -> 'task' ->> 'id') as a \gset
select (switchboard.a2a_send(:'ep'::uuid, 'm2', 'ctx-2', '{}', 'q') -> 'task' ->> 'id') as b \gset
select test.todo(:'ep') as mcp \gset
select switchboard.claim(:'ep'::uuid, :'b'::uuid) as c \gset

select is((select jsonb_agg(t ->> 'id') from jsonb_array_elements(switchboard.a2a_list(:'ep'::uuid, context_id => 'ctx-1') -> 'tasks') t),
          jsonb_build_array(:'a'), 'contextId picks the tasks of one context');
select is((select jsonb_agg(t ->> 'id') from jsonb_array_elements(switchboard.a2a_list(:'ep'::uuid, context_id => :'mcp') -> 'tasks') t),
          jsonb_build_array(:'mcp'), 'a todo filed over MCP is its own context');
select is((select jsonb_agg(t ->> 'id') from jsonb_array_elements(switchboard.a2a_list(:'ep'::uuid, state => 'TASK_STATE_WORKING') -> 'tasks') t),
          jsonb_build_array(:'b'), 'status WORKING picks the claimed one');
select is((switchboard.a2a_list(:'ep'::uuid, state => 'TASK_STATE_INPUT_REQUIRED') ->> 'totalSize')::integer, 0,
          'a state a queue never produces matches nothing');

select * from finish();
rollback;
