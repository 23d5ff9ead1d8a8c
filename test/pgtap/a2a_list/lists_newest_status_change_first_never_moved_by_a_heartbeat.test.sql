begin;
select plan(4);

select test.endpoint() as ep \gset
select test.todo(:'ep') as a \gset
select test.todo(:'ep') as b \gset
select test.todo(:'ep') as c \gset
-- Last changes: a an hour ago, b two hours ago, c three hours ago.
select test.age(:'a', '1 hour'), test.age(:'b', '2 hours'), test.age(:'c', '3 hours');

select is((select jsonb_agg(t ->> 'id') from jsonb_array_elements(switchboard.a2a_list(:'ep'::uuid) -> 'tasks') t),
          jsonb_build_array(:'a', :'b', :'c'), 'newest status change first');

-- c is claimed now (a visible change), then it is heartbeated an hour later: the heartbeat moves nothing.
select switchboard.claim(:'ep'::uuid, :'c'::uuid) as claim \gset
update switchboard.todos set head_claimed_at = now() - interval '90 minutes', updated_at = now() - interval '90 minutes'
 where id = :'c'::uuid;
select switchboard.heartbeat(:'ep'::uuid, :'c'::uuid) as hb \gset
select is((select jsonb_agg(t ->> 'id') from jsonb_array_elements(switchboard.a2a_list(:'ep'::uuid) -> 'tasks') t),
          jsonb_build_array(:'a', :'c', :'b'), 'a claim is a status change; the heartbeat after it is not');
select is((switchboard.a2a_list(:'ep'::uuid) -> 'tasks' -> 1 -> 'status' ->> 'timestamp'),
          switchboard_internal.ts(now() - interval '90 minutes'), 'the status timestamp is the claim''s, not the heartbeat''s');
select is((switchboard.a2a_list(:'ep'::uuid) -> 'tasks' -> 1 -> 'status' ->> 'state'), 'TASK_STATE_WORKING', 'a claimed todo is WORKING');

select * from finish();
rollback;
