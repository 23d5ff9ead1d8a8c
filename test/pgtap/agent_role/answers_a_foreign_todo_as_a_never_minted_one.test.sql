begin;
select plan(3);

-- Tenant B's credential, as switchboard_agent, naming tenant A's todo and a never-minted id.
select switchboard.vend_endpoint(((switchboard.add_owner('agent-role-a'))->>'owner_id')::uuid, 'a') as va \gset
select switchboard.vend_endpoint(((switchboard.add_owner('agent-role-b'))->>'owner_id')::uuid, 'b') as vb \gset
select test.todo(((:'va'::jsonb)->>'endpoint_id')::uuid) as td \gset
select (:'vb'::jsonb)->>'credential' as credb, gen_random_uuid() as never \gset

set local role switchboard_agent;
select test.error_of(format('select switchboard_agent.get_todo(%L, %L::uuid)', :'credb', :'td')) as foreign \gset
select test.error_of(format('select switchboard_agent.get_todo(%L, %L::uuid)', :'credb', :'never')) as unknown \gset
select throws_ok(format('select switchboard_agent.claim(%L, %L::uuid)', :'credb', :'td'), 'SB404', null,
                 'claiming another tenant''s todo with one''s own credential is not_found');
reset role;
select is((:'foreign'::jsonb)->>'sqlstate', 'SB404', 'reading another tenant''s todo is not_found');
select is(replace(:'foreign', :'td', '<id>'), replace(:'unknown', :'never', '<id>'),
          'identical to a never-minted id, but for the id it echoes');

select * from finish();
rollback;
