-- A member may leave (remove itself) but not remove another; an admin removes a member; an owner outside the team
-- gets the not_found of an unknown team byte for byte; the last admin cannot leave (conflict).
begin;
select plan(8);

select (switchboard.add_owner('trm-admin')->>'owner_id') as admin, (switchboard.add_owner('trm-bob')->>'owner_id') as bob,
       (switchboard.add_owner('trm-carol')->>'owner_id') as carol, (switchboard.add_owner('trm-eve')->>'owner_id') as eve,
       gen_random_uuid() as never \gset
select switchboard.add_team('core', :'admin')->>'id' as team \gset
select switchboard.add_team_member(:'team', :'bob') is not null as added, switchboard.add_team_member(:'team', :'carol') is not null as added2 \gset

select throws_ok(format('select switchboard.owner_remove_team_member(%L, %L, %L)', :'bob', :'team', :'carol'), 'SB403', null,
                 'a member may not remove another member: forbidden');
select throws_ok(format('select switchboard.owner_remove_team_member(%L, %L, %L)', :'bob', :'team', :'admin'), 'SB403', null,
                 'nor an admin');
select is(replace(test.error_of(format('select switchboard.owner_remove_team_member(%L, %L, %L)', :'eve', :'team', :'bob'))::text, :'team', '<id>'),
          replace(test.error_of(format('select switchboard.owner_remove_team_member(%L, %L, %L)', :'eve', :'never', :'bob'))::text, :'never', '<id>'),
          'an owner outside the team: the not_found of an unknown team, byte for byte');
select is(test.error_of(format('select switchboard.owner_remove_team_member(%L, %L, %L)', :'eve', :'team', :'eve'))->>'sqlstate', 'SB404',
          'nor can an outsider "leave" it');
select is(switchboard.owner_remove_team_member(:'bob', :'team', :'bob')->'removed', 'true'::jsonb, 'a member leaves');
select is(switchboard.owner_remove_team_member(:'admin', :'team', :'carol')->'removed', 'true'::jsonb, 'the admin removes a member');
select throws_ok(format('select switchboard.owner_remove_team_member(%L, %L, %L)', :'admin', :'team', :'admin'), 'SB409', null,
                 'the last admin cannot leave: conflict');
select is((select array_agg(m.owner_id) from switchboard.team_members m where m.team_id = :'team'), array[:'admin'::uuid],
          'only the admin is left');

select * from finish();
rollback;
