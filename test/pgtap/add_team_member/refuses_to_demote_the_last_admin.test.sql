begin;
select plan(4);

-- A team always has an admin: its last admin cannot be made a member (conflict, as remove_team_member refuses to
-- remove it), and nothing changes. With a second admin, the first may step down.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'admin' as a, (:'f'::jsonb)->>'member' as m \gset

select throws_ok(format('select switchboard.add_team_member(%L::uuid, %L::uuid, %L)', :'team', :'a', 'member'), 'SB409', null,
                 'the last admin made a member: conflict');
select is((select role from switchboard.team_members where team_id = :'team' and owner_id = :'a'), 'admin', 'it is still admin');
select is(switchboard.add_team_member(:'team'::uuid, :'m'::uuid, 'admin')->>'role', 'admin', 'a second admin');
select is(switchboard.add_team_member(:'team'::uuid, :'a'::uuid, 'member')->>'role', 'member', 'then the first may step down');

select * from finish();
rollback;
