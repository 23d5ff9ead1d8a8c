-- A team admin makes a queue a team queue (again: the same answer); a member is forbidden; an owner outside the team
-- gets the not_found of an unknown team byte for byte; a malformed queue is invalid.
begin;
select plan(6);

select (switchboard.add_owner('taq-admin')->>'owner_id') as admin, (switchboard.add_owner('taq-bob')->>'owner_id') as bob,
       (switchboard.add_owner('taq-eve')->>'owner_id') as eve, gen_random_uuid() as never \gset
select switchboard.add_team('core', :'admin')->>'id' as team \gset
select switchboard.add_team_member(:'team', :'bob') is not null as added \gset

select is(switchboard.owner_add_team_queue(:'admin', :'team', 'builds') - 'created_at',
          jsonb_build_object('team_id', :'team', 'queue', 'builds'), 'the admin adds a team queue');
select is(switchboard.owner_add_team_queue(:'admin', :'team', 'builds') - 'created_at',
          jsonb_build_object('team_id', :'team', 'queue', 'builds'), 'again: the same');
select throws_ok(format('select switchboard.owner_add_team_queue(%L, %L, %L)', :'bob', :'team', 'mine'), 'SB403', null, 'a member: forbidden');
select is(replace(test.error_of(format('select switchboard.owner_add_team_queue(%L, %L, %L)', :'eve', :'team', 'x'))::text, :'team', '<id>'),
          replace(test.error_of(format('select switchboard.owner_add_team_queue(%L, %L, %L)', :'eve', :'never', 'x'))::text, :'never', '<id>'),
          'an owner outside the team: the not_found of an unknown team, byte for byte');
select throws_ok(format('select switchboard.owner_add_team_queue(%L, %L, %L)', :'admin', :'team', ' bad queue'), 'SB422', null, 'a bad queue: invalid');
select is((select array_agg(q.queue) from switchboard.team_queues q where q.team_id = :'team'), array['builds'], 'one team queue');

select * from finish();
rollback;
