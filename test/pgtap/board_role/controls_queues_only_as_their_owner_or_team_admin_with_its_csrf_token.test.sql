-- The Board's queue controls (pause_queue, set_queue_limits, resume_queue), called as the Board role: without the
-- session's CSRF token they are forbidden; with it an owner pauses, limits, lifts the limits of and resumes its
-- personal queue, and a team admin its team's; a member of the team who is not an admin is forbidden, another
-- team's queue is not_found, a limit out of range invalid; a refusal changes nothing.
begin;
select plan(11);

select test.team() as t \gset
select ((:'t'::jsonb) ->> 'team')::uuid as team, ((:'t'::jsonb) ->> 'team2')::uuid as team2,
       ((:'t'::jsonb) ->> 'admin')::uuid as admin \gset
select test.board_session((:'t'::jsonb) ->> 'admin_handle') as a \gset
select test.board_session((:'t'::jsonb) ->> 'member_handle') as m \gset
select (:'a'::jsonb)->>'session_secret' as a_secret, (:'a'::jsonb)->>'csrf_token' as a_csrf,
       (:'m'::jsonb)->>'session_secret' as m_secret, (:'m'::jsonb)->>'csrf_token' as m_csrf \gset

set local role switchboard_board;
select throws_ok(format('select switchboard_board.pause_queue(%L, %L, ''deploy'')', :'a_secret', null),
                 'SB403', null, 'pause without the session''s CSRF token: forbidden');
select throws_ok(format('select switchboard_board.set_queue_limits(%L, %L, ''deploy'', 3)', :'a_secret', md5('forged')),
                 'SB403', null, 'set_queue_limits with a forged CSRF token: forbidden');
select throws_ok(format('select switchboard_board.pause_queue(%L, %L, ''tq'', %L::uuid)', :'m_secret', :'m_csrf', :'team'),
                 'SB403', null, 'a member of the team who is not an admin cannot pause the team''s queue: forbidden');
select throws_ok(format('select switchboard_board.set_queue_limits(%L, %L, ''tq'', 3, null, %L::uuid)', :'m_secret', :'m_csrf', :'team'),
                 'SB403', null, 'nor limit it: forbidden');
select throws_ok(format('select switchboard_board.set_queue_limits(%L, %L, ''tq'', 3, null, %L::uuid)', :'a_secret', :'a_csrf', :'team2'),
                 'SB404', null, 'another team''s queue: not_found');
select throws_ok(format('select switchboard_board.set_queue_limits(%L, %L, ''deploy'', 0)', :'a_secret', :'a_csrf'),
                 'SB422', null, 'max_claimed 0: invalid');
reset role;
select is((select count(*) from switchboard.queue_controls), 0::bigint, 'no refusal set anything');

set local role switchboard_board;
select is(switchboard_board.pause_queue(:'a_secret', :'a_csrf', 'deploy') - 'queue' - 'team_id',
          '{"paused": true, "max_claimed": null, "claims_per_minute": null}'::jsonb, 'the owner pauses its personal queue');
select is(switchboard_board.set_queue_limits(:'a_secret', :'a_csrf', 'deploy', max_claimed => 3, claims_per_minute => 60)
            - 'queue' - 'team_id',
          '{"paused": true, "max_claimed": 3, "claims_per_minute": 60}'::jsonb, 'and limits it, still paused');
select is(switchboard_board.set_queue_limits(:'a_secret', :'a_csrf', 'tq', max_claimed => 2, team_id => :'team')
            - 'queue' - 'team_id',
          '{"paused": false, "max_claimed": 2, "claims_per_minute": null}'::jsonb, 'the team''s admin limits the team''s queue');
select is(switchboard_board.set_queue_limits(:'a_secret', :'a_csrf', 'deploy') - 'queue' - 'team_id',
          '{"paused": true, "max_claimed": null, "claims_per_minute": null}'::jsonb, 'no limits given: both lifted');
reset role;

select * from finish();
rollback;
