-- ListTasks with status FAILED lists the dead letters only: a task whose attempt failed with a retry scheduled is
-- still WORKING (it will run again), and is listed there.
begin;
select plan(2);

select test.endpoint() as ep \gset
select (switchboard.a2a_send(:'ep'::uuid, 'm1', 'ctx-1', '{}', 'q') -> 'task' ->> 'id') as retrying \gset
select test.todo(:'ep', 'q', max_attempts => 1) as dead \gset
select switchboard.claim(:'ep'::uuid, :'retrying'::uuid), switchboard.fail(:'ep'::uuid, :'retrying'::uuid);
select switchboard.claim(:'ep'::uuid, :'dead'::uuid), switchboard.fail(:'ep'::uuid, :'dead'::uuid);

select is((select jsonb_agg(t ->> 'id') from jsonb_array_elements(switchboard.a2a_list(:'ep'::uuid, state => 'TASK_STATE_FAILED') -> 'tasks') t),
          jsonb_build_array(:'dead'), 'FAILED lists the dead letter, not the task waiting to retry');
select is((select jsonb_agg(t ->> 'id') from jsonb_array_elements(switchboard.a2a_list(:'ep'::uuid, state => 'TASK_STATE_WORKING') -> 'tasks') t),
          jsonb_build_array(:'retrying'), 'WORKING lists the task waiting to retry');

select * from finish();
rollback;
