begin;
select plan(9);

-- add_team_member adds an owner as a member (the default role), and given an existing member changes its role: one
-- row per member, whatever the calls. A role other than member or admin is invalid; an unknown team or owner is
-- not_found; none of them changes anything.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'outsider' as o, (:'f'::jsonb)->>'admin' as a \gset

select ok(switchboard.add_team_member(:'team'::uuid, :'o'::uuid) @> jsonb_build_object('team_id', :'team', 'owner_id', :'o', 'role', 'member'),
          'a new member: member by default');
select ok(switchboard.add_team_member(:'team'::uuid, :'o'::uuid, 'admin') @> jsonb_build_object('team_id', :'team', 'owner_id', :'o', 'role', 'admin'),
          'the same owner as admin: its role changes');
select is((select jsonb_agg(m.role) from switchboard.team_members m where m.team_id = :'team' and m.owner_id = :'o'), '["admin"]'::jsonb,
          'one row, admin');
select is(switchboard.add_team_member(:'team'::uuid, :'o'::uuid, 'member')->>'role', 'member', 'and back to member');
select is((select jsonb_agg(m.role) from switchboard.team_members m where m.team_id = :'team' and m.owner_id = :'o'), '["member"]'::jsonb,
          'still one row, member');
select throws_ok(format('select switchboard.add_team_member(%L::uuid, %L::uuid, %L)', :'team', :'o', 'owner'), 'SB422', null,
                 'role owner: invalid');
select throws_ok(format('select switchboard.add_team_member(%L::uuid, %L::uuid)', gen_random_uuid(), :'o'), 'SB404', null,
                 'an unknown team: not_found');
select throws_ok(format('select switchboard.add_team_member(%L::uuid, %L::uuid)', :'team', gen_random_uuid()), 'SB404', null,
                 'an unknown owner: not_found');
select is((select jsonb_object_agg(m.owner_id, m.role) from switchboard.team_members m where m.team_id = :'team'),
          jsonb_build_object(:'a', 'admin', (:'f'::jsonb)->>'member', 'member', :'o', 'member'), 'the team''s members after all that');

select * from finish();
rollback;
