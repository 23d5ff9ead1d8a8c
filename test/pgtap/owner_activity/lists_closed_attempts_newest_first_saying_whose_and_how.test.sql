begin;
select plan(5);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.endpoint(handle => 'bob') as ep_b \gset
select test.todo(:'ep', 'builds') as td \gset
select test.todo(:'ep_b', 'builds') as tb \gset
select switchboard.claim(:'ep', :'td', claimant => 'run-42') \gset
select switchboard.heartbeat(:'ep', :'td') \gset
select test.lapse(:'td');
select switchboard.reap() \gset
select test.set_attempt(:'td', 1, jsonb_build_object('ended_at', ((test.attempt_row(:'td', 1))->>'ended_at')::timestamptz - interval '1 minute'));
select switchboard.claim(:'ep_b', :'tb') \gset
select switchboard.complete(:'ep_b', :'tb') \gset
select switchboard.owner_claim(:'ow', :'td') \gset
select switchboard.owner_complete(:'ow', :'td', summary => 'done by hand') \gset
select switchboard.owner_activity(:'ow')->'activity' as a \gset

select is((select jsonb_agg(jsonb_build_array(x->>'claimant', x->>'outcome', x->>'died')) from jsonb_array_elements(:'a'::jsonb) x),
          '[["owner:alice", "completed", "false"], ["run-42", "reaped", "true"]]'::jsonb,
          'alice''s closed attempts, newest first, none of bob''s');
select is((:'a'::jsonb)->1->>'holder', 'agent:' || (select agent_id from switchboard.endpoints where id = :'ep'), 'whose attempt: the agent');
select isnt((:'a'::jsonb)->1->>'last_heartbeat_at', null, 'when the dead attempt was last heard from');
select is((:'a'::jsonb)->0->>'claimer_kind', 'owner', 'the Board''s attempt is an owner''s');
select is(switchboard.owner_activity(:'ow')->>'notice', switchboard_internal.notice(), 'carries the untrusted-data notice');

select * from finish();
rollback;
