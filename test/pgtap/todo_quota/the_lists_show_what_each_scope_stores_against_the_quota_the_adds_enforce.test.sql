-- An owner sees how close each endpoint and each team is to its quota: list_endpoints and list_teams (the Board's
-- Endpoints and Teams pages) carry what each scope stores, and the quota beside them, read as the check on every add
-- reads it (todo_room's room in an empty scope), whatever the setting holds.
begin;
select plan(10);

select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'admin' as admin \gset
select test.todo(:'r', 'tq') as t1, test.todo(:'r', 'pq') as t2, test.todo(:'r', 'pq') as t3 \gset
select owner_id as r_owner from switchboard.endpoints where id = :'r' \gset

select is((select e->'todos_stored' from jsonb_array_elements(switchboard.list_endpoints(:'r_owner')->'endpoints') e
            where e->>'endpoint_id' = :'r'), '2'::jsonb, 'an endpoint''s own scope: the two todos it filed on its own queue');
select is((select t->'todos_stored' from jsonb_array_elements(switchboard.list_teams(:'admin'::uuid)->'teams') t
            where t->>'id' = :'team'), '1'::jsonb, 'a team''s scope: the one filed on the team queue');
select is(switchboard.owner_teams(:'admin'::uuid)->'todos_max_per_scope', '1000000'::jsonb, 'the quota beside them: the default');

select test.set('todos_max_per_scope', '5');
select is(switchboard.list_endpoints(:'r_owner')->'todos_max_per_scope', '5'::jsonb, 'the quota as set');
select is(switchboard_internal.todo_room(gen_random_uuid(), 0), switchboard_internal.todo_quota(), 'the quota the adds enforce');
select is(array[switchboard_internal.todo_room(:'r', 0), switchboard_internal.todo_quota() - switchboard_internal.stored_todos(:'r')::integer],
          array[3, 3], 'the room the adds enforce is the quota less what the lists show stored');
select test.set('todos_max_per_scope', '0');
select is(array[switchboard_internal.todo_quota(), switchboard_internal.todo_room(gen_random_uuid(), 0)], array[1000000, 1000000],
          'out of range: both read the default');
select test.set('todos_max_per_scope', 'lots');
select is(array[switchboard_internal.todo_quota(), switchboard_internal.todo_room(gen_random_uuid(), 0)], array[1000000, 1000000],
          'not a number: both read the default');
select test.set('todos_max_per_scope', ' 1000000000 ');
select is(array[switchboard_internal.todo_quota(), switchboard_internal.todo_room(gen_random_uuid(), 0)], array[1000000000, 1000000000],
          'the largest allowed: both read it');
select test.set('todos_max_per_scope', '1000000001');
select is(array[switchboard_internal.todo_quota(), switchboard_internal.todo_room(gen_random_uuid(), 0)], array[1000000, 1000000],
          'one past it: both read the default');

select * from finish();
rollback;
