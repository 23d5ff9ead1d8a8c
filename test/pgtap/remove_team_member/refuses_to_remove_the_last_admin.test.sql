begin;
select plan(8);

-- remove_team_member removes a member; the team's last admin it refuses (conflict) and keeps. With a second admin the
-- first may go. An unknown team is not_found; an owner who is not a member is answered removed: false, nothing changed
-- (a retried removal is not an error).
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'member' as m,
       (:'f'::jsonb)->>'outsider' as o \gset

select throws_ok(format('select switchboard.remove_team_member(%L::uuid, %L::uuid)', :'team', :'a'), 'SB409', null,
                 'the last admin: conflict');
select is((select role from switchboard.team_members where team_id = :'team' and owner_id = :'a'), 'admin', 'and it stays');
select is(switchboard.remove_team_member(:'team'::uuid, :'m'::uuid), jsonb_build_object('team_id', :'team', 'owner_id', :'m', 'removed', true, 'endpoints_revoked', 0),
          'a member is removed');
select is((select count(*) from switchboard.team_members where team_id = :'team' and owner_id = :'m'), 0::bigint, 'its row is gone');
select switchboard.add_team_member(:'team'::uuid, :'o'::uuid, 'admin') as x \gset
select is(switchboard.remove_team_member(:'team'::uuid, :'a'::uuid)->'removed', 'true'::jsonb, 'with a second admin, the first may go');
select throws_ok(format('select switchboard.remove_team_member(%L::uuid, %L::uuid)', :'team', :'o'), 'SB409', null,
                 'the one left is now the last admin: conflict');
select throws_ok(format('select switchboard.remove_team_member(%L::uuid, %L::uuid)', gen_random_uuid(), :'o'), 'SB404', null,
                 'an unknown team: not_found');
select is(switchboard.remove_team_member(:'team'::uuid, :'m'::uuid), jsonb_build_object('team_id', :'team', 'owner_id', :'m', 'removed', false, 'endpoints_revoked', 0),
          'an owner who is not a member: removed false');

select * from finish();
rollback;
