begin;
select plan(9);

select test.endpoint(handle => 'board-role-h') as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.owner_sign_in((switchboard.owner_login_token('board-role-h'))->>'login_token') as s \gset
select (:'s'::jsonb)->>'session_secret' as secret, (:'s'::jsonb)->>'csrf_token' as csrf \gset

set local role switchboard_board;
select throws_ok(format('select switchboard_board.cancel(%L, %L, %L::uuid)', 'not-a-session', :'csrf', :'td'), 'SB403', null,
                 'an unknown session secret is forbidden');
select throws_ok(format('select switchboard_board.cancel(%L, %L, %L::uuid)', :'secret', null, :'td'), 'SB403', null,
                 'a write without the session''s CSRF token is forbidden');
select throws_ok(format('select switchboard_board.get_todo(%L, %L::uuid)', null, :'td'), 'SB403', null,
                 'a read without a session is forbidden');
select is((switchboard_board.get_todo(:'secret', :'td'::uuid))->>'state', 'pending', 'a live session reads its owner''s todo');
select throws_ok(format('select switchboard_board.get_todo(%L, %L::uuid)', :'secret', gen_random_uuid()), 'SB404', null,
                 'and an id outside its scope is not_found');
reset role;
select is((select state from switchboard.todos where id = :'td'::uuid), 'pending', 'refused writes changed nothing');
set local role switchboard_board;
select is((switchboard_board.cancel(:'secret', :'csrf', :'td'::uuid))->>'state', 'canceled', 'with secret and CSRF token, Cancel works');
select is((switchboard_board.sign_out(:'secret'))->>'signed_out', 'true', 'signing out');
select throws_ok(format('select switchboard_board.queues(%L)', :'secret'), 'SB403', null, 'a signed-out session acts no more');
reset role;

select * from finish();
rollback;
