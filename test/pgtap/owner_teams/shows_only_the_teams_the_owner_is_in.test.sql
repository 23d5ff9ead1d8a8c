-- An owner's teams: only those it is in, each with its role, members, team queues and endpoints (never a
-- credential); an owner in no team has none; a removed member no longer sees the team.
begin;
select plan(7);

select (switchboard.add_owner('tot-admin')->>'owner_id') as admin, (switchboard.add_owner('tot-bob')->>'owner_id') as bob,
       (switchboard.add_owner('tot-eve')->>'owner_id') as eve \gset
select switchboard.add_team('core', :'admin')->>'id' as team \gset
select switchboard.add_team('eves', :'eve')->>'id' as eves \gset
select switchboard.add_team_member(:'team', :'bob') is not null as a, switchboard.add_team_queue(:'team', 'builds') is not null as b \gset
select switchboard.owner_vend_endpoint(:'admin', :'team', 'worker-1') as v \gset

select is(jsonb_path_query_array(switchboard.owner_teams(:'bob'), '$.teams[*].id'), jsonb_build_array(:'team'), 'bob sees his one team');
select is(switchboard.owner_teams(:'bob')->'teams'->0->>'role', 'member', 'as a member');
select is(switchboard.owner_teams(:'admin')->'teams'->0->>'role', 'admin', 'the admin as an admin');
select is(jsonb_path_query_array(switchboard.owner_teams(:'bob'), '$.teams[0].endpoints[*].agent_id'), '["worker-1"]'::jsonb,
          'with its endpoints');
select is(test.leaks(switchboard.owner_teams(:'admin'), array[(:'v'::jsonb)->>'credential'], array['endpoints', 'endpoint_id']), '{}'::text[],
          'and never a credential');
select is(switchboard.owner_teams(gen_random_uuid())->'teams', '[]'::jsonb, 'an owner in no team: none');
select switchboard.remove_team_member(:'team', :'bob') is not null as removed \gset
select is(switchboard.owner_teams(:'bob')->'teams', '[]'::jsonb, 'removed, bob sees it no more');

select * from finish();
rollback;
