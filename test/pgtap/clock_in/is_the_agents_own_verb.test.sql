-- An agent clocks its own endpoint out and in with the verbs clock_out and clock_in, through its credential (as
-- switchboard_agent); an endpoint vended without them is forbidden, and nothing changes. The document names no
-- endpoint or owner id.
begin;
select plan(6);

select test.endpoint() as ep \gset
select test.endpoint(array['claim_next']) as narrow \gset
select switchboard.rotate_credential(test.owner_of(:'ep'), :'ep'::uuid, 0)->>'credential' as cred \gset
select switchboard.rotate_credential(test.owner_of(:'narrow'), :'narrow'::uuid, 0)->>'credential' as narrow_cred \gset

set local role switchboard_agent;
select switchboard_agent.clock_out(:'cred') as out \gset
select is((:'out'::jsonb) - 'presence_since' - 'agent_id', '{"clocked_in": false, "changed": true}'::jsonb, 'the agent clocks itself out');
select ok(not ((:'out'::jsonb) ?| array['endpoint_id', 'owner_id']), 'the document names no endpoint or owner id');
select is(switchboard_agent.clock_in(:'cred')->'clocked_in', 'true'::jsonb, 'and in');
select throws_ok(format('select switchboard_agent.clock_out(%L)', :'narrow_cred'), 'SB403', null, 'an endpoint without clock_out is forbidden');
select throws_ok(format('select switchboard_agent.clock_in(%L)', 'sbk_forged'), 'SB403', null, 'an unknown credential is forbidden');
reset role;
select is((select e.clocked_in from switchboard.endpoints e where e.id = :'narrow'), true, 'the narrow endpoint stays clocked in');

select * from finish();
rollback;
