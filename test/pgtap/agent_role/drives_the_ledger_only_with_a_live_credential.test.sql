begin;
select plan(9);

select (switchboard.add_owner('agent-role-owner'))->>'owner_id' as ow \gset
select switchboard.vend_endpoint(:'ow'::uuid, 'agent-role-bot') as v \gset
select (:'v'::jsonb)->>'credential' as cred, (:'v'::jsonb)->>'endpoint_id' as ep \gset

-- Everything an agent does, as switchboard_agent and through the credential alone.
set local role switchboard_agent;
select (switchboard_agent.add_todo(:'cred', 'q'))->>'id' as td \gset
select switchboard_agent.claim_next(:'cred', 'q', require_fence => true) as c \gset
select is((:'c'::jsonb)->>'id', :'td', 'claim_next with the credential claims the endpoint''s todo');
select is((switchboard_agent.heartbeat(:'cred', :'td'::uuid, lease_token => (:'c'::jsonb)->>'lease_token'))->>'state', 'claimed',
          'heartbeat works');
select is((switchboard_agent.complete(:'cred', :'td'::uuid, lease_token => (:'c'::jsonb)->>'lease_token'))->>'state', 'done',
          'complete works');
select is(jsonb_array_length((switchboard_agent.get_todo(:'cred', :'td'::uuid))->'attempts'), 1, 'get_todo works');
select is((switchboard_agent.authenticate(:'cred'))->>'endpoint_id', :'ep', 'authenticate names the credential''s own endpoint');

-- Without a valid credential nothing is read or changed.
select throws_ok(format('select switchboard_agent.get_todo(%L, %L::uuid)', 'sb_not-a-credential', :'td'), 'SB403', null,
                 'an unknown credential is forbidden');
select throws_ok(format('select switchboard_agent.add_todo(%L, %L)', '', 'q'), 'SB403', null, 'an empty one too');
select throws_ok(format('select switchboard_agent.add_todo(%L, %L)', null, 'q'), 'SB403', null, 'and a null one');
reset role;
select switchboard.revoke_endpoint(:'ow'::uuid, :'ep'::uuid) is not null as revoked \gset
set local role switchboard_agent;
select throws_ok(format('select switchboard_agent.list_todos(%L)', :'cred'), 'SB403', null, 'a revoked credential is forbidden');
reset role;

select * from finish();
rollback;
