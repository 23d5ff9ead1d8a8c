-- On the Board, a signed-in owner reads its teams and, as a team admin, adds members and team queues and vends team
-- endpoints, each write only with its session's CSRF token; a member's session is forbidden those acts but may
-- leave; a removed member's open session no longer sees the team, in the same transaction.
begin;
select plan(13);

select (switchboard.add_owner('btm-admin')->>'owner_id') as admin, (switchboard.add_owner('btm-bob')->>'owner_id') as bob,
       (switchboard.add_owner('btm-carol')->>'owner_id') as carol \gset
select switchboard.add_team('core', :'admin')->>'id' as team \gset
select test.board_session('btm-admin') as sa \gset
select test.board_session('btm-bob') as sb \gset
select (:'sa'::jsonb)->>'session_secret' as a_secret, (:'sa'::jsonb)->>'csrf_token' as a_csrf,
       (:'sb'::jsonb)->>'session_secret' as b_secret, (:'sb'::jsonb)->>'csrf_token' as b_csrf \gset

set local role switchboard_board;
select throws_ok(format('select switchboard_board.add_team_member(%L, null, %L::uuid, %L)', :'a_secret', :'team', 'btm-bob'), 'SB403', null,
                 'add_team_member without the CSRF token: forbidden');
select throws_ok(format('select switchboard_board.add_team_member(%L, %L, %L::uuid, %L)', :'a_secret', :'b_csrf', :'team', 'btm-bob'), 'SB403', null,
                 'with another session''s CSRF token: forbidden');
select is(switchboard_board.add_team_member(:'a_secret', :'a_csrf', :'team'::uuid, 'btm-bob')->>'role', 'member', 'with its own: bob is a member');
select throws_ok(format('select switchboard_board.add_team_queue(%L, null, %L::uuid, %L)', :'a_secret', :'team', 'builds'), 'SB403', null,
                 'add_team_queue without the CSRF token: forbidden');
select is(switchboard_board.add_team_queue(:'a_secret', :'a_csrf', :'team'::uuid, 'builds')->>'queue', 'builds', 'with it: a team queue');
select throws_ok(format('select switchboard_board.vend_endpoint(%L, null, %L::uuid, %L)', :'a_secret', :'team', 'w1'), 'SB403', null,
                 'vend_endpoint without the CSRF token: forbidden');
select ok(switchboard_board.vend_endpoint(:'a_secret', :'a_csrf', :'team'::uuid, 'w1', array['claim_next'])->>'credential' like 'sbk_%',
          'with it: a team endpoint, its credential shown');
select throws_ok(format('select switchboard_board.vend_endpoint(%L, %L, %L::uuid, %L)', :'b_secret', :'b_csrf', :'team', 'w2'), 'SB403', null,
                 'bob''s session, a member''s: vending is forbidden');
select throws_ok(format('select switchboard_board.add_team_member(%L, %L, %L::uuid, %L)', :'b_secret', :'b_csrf', :'team', 'btm-carol'), 'SB403', null,
                 'and so is adding a member');
select is(jsonb_path_query_array(switchboard_board.teams(:'b_secret'), '$.teams[*].name'), '["core"]'::jsonb, 'bob''s session reads the team');
select throws_ok(format('select switchboard_board.remove_team_member(%L, null, %L::uuid, %L::uuid)', :'a_secret', :'team', :'bob'), 'SB403', null,
                 'remove_team_member without the CSRF token: forbidden');
select is(switchboard_board.remove_team_member(:'a_secret', :'a_csrf', :'team'::uuid, :'bob'::uuid)->'removed', 'true'::jsonb,
          'the admin removes bob');
select is(switchboard_board.teams(:'b_secret')->'teams', '[]'::jsonb, 'bob''s open session no longer sees the team');
reset role;

select * from finish();
rollback;
