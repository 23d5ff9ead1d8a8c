-- Controls of a queue belong to its owner (personal) or to a team's admins: an unknown owner or a team the owner is
-- not in is not_found (the same answer as an unknown team), a member who is not an admin is forbidden, a bad queue
-- name or limit invalid; each changes nothing.
begin;
select plan(8);

select test.team() as t \gset
select throws_ok(format('select switchboard.pause_queue(%L::uuid, ''tq'', %L::uuid)', (:'t'::jsonb) ->> 'outsider', (:'t'::jsonb) ->> 'team'),
                 'SB404', null, 'an owner outside the team: not_found');
select throws_ok(format('select switchboard.set_queue_limits(%L::uuid, ''tq'', 3, team_id => %L::uuid)', (:'t'::jsonb) ->> 'admin', (:'t'::jsonb) ->> 'team2'),
                 'SB404', null, 'another team''s queue: not_found');
select throws_ok(format('select switchboard.pause_queue(%L::uuid, ''tq'', %L::uuid)', (:'t'::jsonb) ->> 'admin', gen_random_uuid()),
                 'SB404', null, 'an unknown team: not_found');
select throws_ok(format('select switchboard.pause_queue(%L::uuid, ''tq'')', gen_random_uuid()), 'SB404', null, 'an unknown owner: not_found');
select throws_ok(format('select switchboard.resume_queue(%L::uuid, ''tq'', %L::uuid)', (:'t'::jsonb) ->> 'member', (:'t'::jsonb) ->> 'team'),
                 'SB403', null, 'a member who is not an admin: forbidden');
select throws_ok(format('select switchboard.set_queue_limits(%L::uuid, ''bad queue'', 3)', (:'t'::jsonb) ->> 'admin'), 'SB422', null, 'a bad queue: invalid');
select throws_ok(format('select switchboard.set_queue_limits(%L::uuid, ''q'', 0)', (:'t'::jsonb) ->> 'admin'), 'SB422', null, 'max_claimed 0: invalid');
select is((select count(*) from switchboard.queue_controls), 0::bigint, 'nothing was set');

select * from finish();
rollback;
