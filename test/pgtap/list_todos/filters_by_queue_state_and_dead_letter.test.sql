begin;
select plan(7);

select test.endpoint() as ep \gset
select test.todo(:'ep', 'a') as pending_a \gset
select test.todo(:'ep', 'b') as pending_b \gset
select test.todo(:'ep', 'a') as claimed_a \gset
select test.todo(:'ep', 'a', max_attempts => 1) as dead_a \gset
select test.todo(:'ep', 'b') as retry_b \gset
select switchboard.claim(:'ep'::uuid, x) from unnest(array[:'claimed_a', :'dead_a', :'retry_b']::uuid[]) x;
select switchboard.fail(:'ep'::uuid, x) from unnest(array[:'dead_a', :'retry_b']::uuid[]) x;

create temporary table ids on commit drop as
  select x->>'id' as id from jsonb_array_elements((switchboard.list_todos(:'ep'::uuid, queue => 'a'))->'todos') x;
select set_eq('select id from ids', array[:'pending_a', :'claimed_a', :'dead_a'], 'queue a');
select set_eq(format('select x->>''id'' from jsonb_array_elements((switchboard.list_todos(%L::uuid, state => ''pending''))->''todos'') x', :'ep'),
              array[:'pending_a', :'pending_b'], 'state pending');
select set_eq(format('select x->>''id'' from jsonb_array_elements((switchboard.list_todos(%L::uuid, dead_letter => true))->''todos'') x', :'ep'),
              array[:'dead_a'], 'dead letters');
select set_eq(format('select x->>''id'' from jsonb_array_elements((switchboard.list_todos(%L::uuid, state => ''failed'', dead_letter => false))->''todos'') x', :'ep'),
              array[:'retry_b'], 'failed, waiting for a retry');
select set_eq(format('select x->>''id'' from jsonb_array_elements((switchboard.list_todos(%L::uuid, queue => ''b'', state => ''pending''))->''todos'') x', :'ep'),
              array[:'pending_b'], 'filters combine');
select is((select x->'dead_letter' from jsonb_array_elements((switchboard.list_todos(:'ep'::uuid))->'todos') x where x->>'id' = :'dead_a'),
          'true'::jsonb, 'each item carries dead_letter');
select isnt((select x->>'next_retry_at' from jsonb_array_elements((switchboard.list_todos(:'ep'::uuid))->'todos') x where x->>'id' = :'retry_b'),
          null, 'and next_retry_at');

select * from finish();
rollback;
