begin;
select plan(14);

-- Within one transaction: T's member reads a team todo by owner id and through a Board session opened before; the
-- member is removed; the very next statements answer not_found byte for byte as for a never-minted id, on both
-- paths, and list nothing, the open session included. Added back, the member reads it again.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'member' as m,
       (:'f'::jsonb)->>'member_handle' as mh \gset
select test.todo(:'r', 'tq') as td \gset
select gen_random_uuid() as never \gset
select test.board_session(:'mh') as s \gset
select (:'s'::jsonb)->>'session_secret' as secret, (:'s'::jsonb)->>'csrf_token' as csrf \gset

select is(switchboard.owner_get_todo(:'m'::uuid, :'td'::uuid)->>'id', :'td', 'a member reads the team todo by owner id');
set local role switchboard_board;
select is(switchboard_board.get_todo(:'secret', :'td'::uuid)->>'id', :'td', 'and through its Board session');
reset role;

select is(switchboard.remove_team_member(:'team'::uuid, :'m'::uuid),
          jsonb_build_object('team_id', :'team', 'owner_id', :'m', 'removed', true, 'endpoints_revoked', 0), 'remove_team_member');

select is(replace(test.error_of(format('select switchboard.owner_get_todo(%L::uuid, %L::uuid)', :'m', :'td'))::text, :'td', '<id>'),
          replace(test.error_of(format('select switchboard.owner_get_todo(%L::uuid, %L::uuid)', :'m', :'never'))::text, :'never', '<id>'),
          'owner_get_todo: at once the not_found of a never-minted id');
select is(test.error_of(format('select switchboard.owner_get_todo(%L::uuid, %L::uuid)', :'m', :'td'))->>'sqlstate', 'SB404', 'which is not_found');
select is(replace(test.error_of(format('select switchboard.owner_claim(%L::uuid, %L::uuid)', :'m', :'td'))::text, :'td', '<id>'),
          replace(test.error_of(format('select switchboard.owner_claim(%L::uuid, %L::uuid)', :'m', :'never'))::text, :'never', '<id>'),
          'owner_claim: the same');
select is(test.ids(switchboard.owner_list_todos(:'m'::uuid)), '{}'::text[], 'owner_list_todos: nothing');
set local role switchboard_board;
select is(replace(test.error_of(format('select switchboard_board.get_todo(%L, %L::uuid)', :'secret', :'td'))::text, :'td', '<id>'),
          replace(test.error_of(format('select switchboard_board.get_todo(%L, %L::uuid)', :'secret', :'never'))::text, :'never', '<id>'),
          'board get_todo on the session opened before: the same not_found');
select is(replace(test.error_of(format('select switchboard_board.claim(%L, %L, %L::uuid)', :'secret', :'csrf', :'td'))::text, :'td', '<id>'),
          replace(test.error_of(format('select switchboard_board.claim(%L, %L, %L::uuid)', :'secret', :'csrf', :'never'))::text, :'never', '<id>'),
          'board claim: the same');
select is(test.ids(switchboard_board.list_todos(:'secret')), '{}'::text[], 'board list_todos: nothing');
reset role;
select is((select state from switchboard.todos where id = :'td'), 'pending', 'the todo is untouched');

select switchboard.add_team_member(:'team'::uuid, :'m'::uuid) as back \gset
select is(switchboard.owner_get_todo(:'m'::uuid, :'td'::uuid)->>'id', :'td', 'added back, the member reads it again');
set local role switchboard_board;
select is(switchboard_board.get_todo(:'secret', :'td'::uuid)->>'id', :'td', 'through the same session too');
reset role;
select is(test.ids(switchboard.owner_list_todos(:'m'::uuid)), array[:'td'], 'and lists it');

select * from finish();
rollback;
