-- The status message of an A2A task tells its caller what happens next, and a task that nothing retries says so:
-- a dead letter (FAILED) is "dead-lettered: nothing retries it unless its owner uses Retry now", a failure with a
-- retry scheduled says when, a released task waits for the next claim. Only the FAILED task says dead-lettered.
begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep', 'q', 1) as dead \gset
select switchboard.claim(:'ep'::uuid, :'dead'::uuid) as c1 \gset
select switchboard.fail(endpoint_id => :'ep'::uuid, todo_id => :'dead'::uuid, summary => 'gave up') as f1 \gset
select test.todo(:'ep', 'q', 5) as retried \gset
select switchboard.claim(:'ep'::uuid, :'retried'::uuid) as c2 \gset
select switchboard.fail(endpoint_id => :'ep'::uuid, todo_id => :'retried'::uuid, summary => 'try again') as f2 \gset
select test.todo(:'ep') as released \gset
select switchboard.claim(:'ep'::uuid, :'released'::uuid) as c3 \gset
select switchboard.release(:'ep'::uuid, :'released'::uuid) as r3 \gset

create function pg_temp.story(ep text, td text) returns text language sql as $$
  select switchboard.a2a_get(ep::uuid, td::uuid) #>> '{task,status,message,parts,0,text}' $$;

select matches(pg_temp.story(:'ep', :'dead'), '^attempt 1 failed at .*; dead-lettered: nothing retries it unless its owner uses Retry now$',
               'a dead letter: its last attempt failed and nothing retries it');
select is(switchboard.a2a_get(:'ep'::uuid, :'dead'::uuid) #>> '{task,status,state}', 'TASK_STATE_FAILED', 'and it is FAILED');
select matches(pg_temp.story(:'ep', :'retried'),
               '^attempt 1 failed at \S+; retry at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d',
               'a failure with a retry scheduled says when it is retried');
select doesnt_match(pg_temp.story(:'ep', :'retried'), 'dead-lettered', 'and not that it is dead-lettered');
select matches(pg_temp.story(:'ep', :'released'), '^attempt 1 was released at .*; waiting for the next claim$',
               'a released task waits for the next claim');
select doesnt_match(pg_temp.story(:'ep', :'released'), 'dead-lettered', 'and is not dead-lettered');

select * from finish();
rollback;
