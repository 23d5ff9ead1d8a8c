begin;
select plan(7);

select test.endpoint() as ep \gset
select test.todo(:'ep') as submitted \gset
select test.todo(:'ep') as released \gset
select switchboard.claim(:'ep'::uuid, :'released'::uuid) as c1 \gset
select switchboard.release(:'ep'::uuid, :'released'::uuid) as r1 \gset
select test.todo(:'ep') as done \gset
select switchboard.claim(:'ep'::uuid, :'done'::uuid) as c2 \gset
select switchboard.complete(:'ep'::uuid, :'done'::uuid, result => '"all green"') as x \gset
select test.todo(:'ep', 'q', 1) as dead \gset
select switchboard.claim(:'ep'::uuid, :'dead'::uuid) as c3 \gset
select switchboard.fail(endpoint_id => :'ep'::uuid, todo_id => :'dead'::uuid, summary => 'gave up') as f \gset
select test.todo(:'ep') as canceled \gset
select switchboard.agent_cancel(:'ep'::uuid, :'canceled'::uuid) as k \gset

create function pg_temp.task(ep text, td text) returns jsonb language sql as $$ select switchboard.a2a_get(ep::uuid, td::uuid) -> 'task' $$;
select is(pg_temp.task(:'ep', :'submitted') -> 'status' ->> 'state', 'TASK_STATE_SUBMITTED', 'never claimed: SUBMITTED');
select is(pg_temp.task(:'ep', :'released') -> 'status' ->> 'state', 'TASK_STATE_WORKING', 'released and waiting: WORKING');
select is(pg_temp.task(:'ep', :'done') -> 'status' ->> 'state', 'TASK_STATE_COMPLETED', 'done: COMPLETED');
select is(pg_temp.task(:'ep', :'done') -> 'artifacts' -> 0 -> 'parts' -> 0, '{"text": "all green"}'::jsonb,
          'with a string result as a text part of its artifact');
select is(pg_temp.task(:'ep', :'dead') -> 'status' ->> 'state', 'TASK_STATE_FAILED', 'a dead letter: FAILED');
select is(pg_temp.task(:'ep', :'dead') -> 'status' -> 'message' -> 'parts' -> 1 -> 'data' -> 'lastAttempt' ->> 'summary', 'gave up',
          'whose final attempt is in the status as data');
select is(pg_temp.task(:'ep', :'canceled') -> 'status' ->> 'state', 'TASK_STATE_CANCELED', 'canceled: CANCELED');

select * from finish();
rollback;
