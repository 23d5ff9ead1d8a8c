-- A team admin adds an owner by handle (whatever its case) or changes its role; a member of the team is forbidden,
-- an owner outside the team gets the not_found of an unknown team byte for byte, an admin of another team likewise;
-- an unknown handle is not_found. No refusal changes the membership.
begin;
select plan(10);

select (switchboard.add_owner('tam-admin')->>'owner_id') as admin, (switchboard.add_owner('tam-bob')->>'owner_id') as bob,
       (switchboard.add_owner('tam-carol')->>'owner_id') as carol, (switchboard.add_owner('tam-dave')->>'owner_id') as dave,
       gen_random_uuid() as never \gset
select switchboard.add_team('core', :'admin')->>'id' as team \gset
select switchboard.add_team('other', :'dave')->>'id' as other \gset

select is(switchboard.owner_add_team_member(:'admin', :'team', 'TAM-BOB') - 'handle' - 'added_at',
          jsonb_build_object('team_id', :'team', 'owner_id', :'bob', 'role', 'member'), 'the admin adds bob by handle, any case');
select is(switchboard.owner_add_team_member(:'admin', :'team', 'tam-bob')->>'handle', 'tam-bob', 'and the answer names the member');
select throws_ok(format('select switchboard.owner_add_team_member(%L, %L, %L)', :'bob', :'team', 'tam-carol'), 'SB403', null,
                 'a member may not add anyone: forbidden');
select throws_ok(format('select switchboard.owner_add_team_member(%L, %L, %L, %L)', :'bob', :'team', 'tam-bob', 'admin'), 'SB403', null,
                 'nor make itself an admin');
select is(replace(test.error_of(format('select switchboard.owner_add_team_member(%L, %L, %L)', :'carol', :'team', 'tam-carol'))::text, :'team', '<id>'),
          replace(test.error_of(format('select switchboard.owner_add_team_member(%L, %L, %L)', :'carol', :'never', 'tam-carol'))::text, :'never', '<id>'),
          'an owner outside the team: the not_found of an unknown team, byte for byte');
select is(test.error_of(format('select switchboard.owner_add_team_member(%L, %L, %L)', :'dave', :'team', 'tam-dave'))->>'sqlstate', 'SB404',
          'an admin of another team: not_found');
select throws_ok(format('select switchboard.owner_add_team_member(%L, %L, %L)', :'admin', :'team', 'nobody-here'), 'SB404', null,
                 'an unknown handle: not_found');
select throws_ok(format('select switchboard.owner_add_team_member(%L, %L, %L, %L)', :'admin', :'team', 'tam-carol', 'owner'), 'SB422', null,
                 'an unknown role: invalid');
select is(switchboard.owner_add_team_member(:'admin', :'team', 'tam-bob', 'admin')->>'role', 'admin', 'the admin makes bob an admin');
select is((select jsonb_object_agg(o.handle, m.role) from switchboard.team_members m join switchboard.owners o on o.id = m.owner_id
            where m.team_id = :'team'),
          '{"tam-admin": "admin", "tam-bob": "admin"}'::jsonb, 'no refusal changed the membership');

select * from finish();
rollback;
