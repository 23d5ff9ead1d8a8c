-- A team admin vends an endpoint in its team (the credential once; the endpoint is the team's, owned by the admin);
-- a member is forbidden; an owner outside the team, and an admin of another team, get the not_found of an unknown
-- team byte for byte. No refusal vends anything.
begin;
select plan(8);

select (switchboard.add_owner('tve-admin')->>'owner_id') as admin, (switchboard.add_owner('tve-bob')->>'owner_id') as bob,
       (switchboard.add_owner('tve-eve')->>'owner_id') as eve, gen_random_uuid() as never \gset
select switchboard.add_team('core', :'admin')->>'id' as team \gset
select switchboard.add_team('eves', :'eve')->>'id' as eves \gset
select switchboard.add_team_member(:'team', :'bob') is not null as added \gset

select switchboard.owner_vend_endpoint(:'admin', :'team', 'worker-1', array['claim_next', 'complete']) as v \gset
select is((:'v'::jsonb)->>'team_id', :'team', 'the admin vends an endpoint in its team');
select is((select jsonb_build_object('team_id', e.team_id, 'owner_id', e.owner_id, 'verbs', e.verbs)
             from switchboard.endpoints e where e.id = ((:'v'::jsonb)->>'endpoint_id')::uuid),
          jsonb_build_object('team_id', :'team', 'owner_id', :'admin', 'verbs', array['claim_next', 'complete']), 'stored so');
select is(switchboard.authenticate((:'v'::jsonb)->>'credential')->>'endpoint_id', (:'v'::jsonb)->>'endpoint_id', 'its credential works');
select throws_ok(format('select switchboard.owner_vend_endpoint(%L, %L, %L)', :'bob', :'team', 'sneaky'), 'SB403', null, 'a member: forbidden');
select is(replace(test.error_of(format('select switchboard.owner_vend_endpoint(%L, %L, %L)', :'eve', :'team', 'x'))::text, :'team', '<id>'),
          replace(test.error_of(format('select switchboard.owner_vend_endpoint(%L, %L, %L)', :'eve', :'never', 'x'))::text, :'never', '<id>'),
          'an admin of another team: the not_found of an unknown team, byte for byte');
select throws_ok(format('select switchboard.owner_vend_endpoint(%L, %L, %L)', :'admin', :'team', ' bad'), 'SB422', null, 'a bad agent_id: invalid');
select is((select count(*)::int from switchboard.endpoints e where e.team_id = :'team'), 1, 'only the one endpoint is in the team');
select is((select count(*)::int from switchboard.endpoints e where e.owner_id in (:'bob', :'eve')), 0, 'and no refusal vended anything');

select * from finish();
rollback;
