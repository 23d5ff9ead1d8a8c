begin;
select plan(8);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep', 'builds', 3) as td \gset
-- attempt 1 fails, attempt 2 dies (reaped), attempt 3 is released, then fails at the cap.
select switchboard.claim(:'ep', :'td', claimant => 'run-1') \gset
select switchboard.fail(:'ep', :'td', summary => 'tests red on arm64') \gset
select test.due(:'td');
select switchboard.claim(:'ep', :'td', claimant => 'run-2') \gset
select switchboard.heartbeat(:'ep', :'td') \gset
select test.lapse(:'td');
select switchboard.reap() \gset
select switchboard.claim(:'ep', :'td', claimant => 'run-3') \gset
select switchboard.release(:'ep', :'td', summary => 'shutting down') \gset
select switchboard.claim(:'ep', :'td', claimant => 'run-4') \gset
select switchboard.fail(:'ep', :'td', summary => 'gave up') \gset
select switchboard.owner_get_todo(:'ow', :'td') as d \gset

select is((:'d'::jsonb)->>'dead_letter', 'true', 'the todo is a dead letter');
select is((select jsonb_agg(a->>'outcome') from jsonb_array_elements((:'d'::jsonb)->'attempts') a),
          '["failed", "released", "reaped", "failed"]'::jsonb, 'every attempt, newest first, with its outcome');
select is((select jsonb_agg(a->>'died') from jsonb_array_elements((:'d'::jsonb)->'attempts') a),
          '["false", "false", "true", "false"]'::jsonb, 'only the reaped attempt died');
select isnt((:'d'::jsonb)->'attempts'->2->>'last_heartbeat_at', null, 'the dead attempt keeps its last heartbeat');
select is((:'d'::jsonb)->'attempts'->3->>'summary', 'tests red on arm64', 'the first attempt keeps its summary');
select is((:'d'::jsonb)->>'agent_id', (select agent_id from switchboard.endpoints where id = :'ep'), 'names the endpoint''s agent');
select ok(not ((:'d'::jsonb) ? 'endpoint_id'), 'never the endpoint id');
select is((:'d'::jsonb)->>'notice', switchboard_internal.notice(), 'carries the untrusted-data notice');

select * from finish();
rollback;
