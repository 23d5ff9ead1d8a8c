-- On the Board, a member of a team reads a todo an endpoint of the team added to a team queue (an endpoint it did
-- not vend) and acts on it; an owner outside the team gets the not_found of a never-minted id, byte for byte; and
-- once the admin removes the member, the member's open session gets that same not_found, in the same transaction.
begin;
select plan(9);

select (switchboard.add_owner('bmt-ana')->>'owner_id') as ana, (switchboard.add_owner('bmt-ben')->>'owner_id') as ben,
       (switchboard.add_owner('bmt-cy')->>'owner_id') as cy, gen_random_uuid() as never \gset
select switchboard.add_team('core', :'ana')->>'id' as team \gset
select switchboard.add_team_member(:'team', :'ben') is not null as a, switchboard.add_team_queue(:'team', 'builds') is not null as b \gset
select switchboard.vend_endpoint(:'ana', 'requester', array['add_todo', 'get_todo', 'list_todos'], :'team')->>'endpoint_id' as req \gset
select switchboard.add_todo(endpoint_id => :'req', queue => 'builds', title => 'team work')->>'id' as td \gset
select test.board_session('bmt-ben') as sb \gset
select test.board_session('bmt-cy') as sc \gset
select (:'sb'::jsonb)->>'session_secret' as b_secret, (:'sb'::jsonb)->>'csrf_token' as b_csrf,
       (:'sc'::jsonb)->>'session_secret' as c_secret, (:'sc'::jsonb)->>'csrf_token' as c_csrf \gset

set local role switchboard_board;
select is(switchboard_board.get_todo(:'b_secret', :'td'::uuid)->>'id', :'td', 'ben, a member, reads the team todo');
select is(jsonb_path_query_array(switchboard_board.list_todos(:'b_secret'), '$.todos[*].id'), jsonb_build_array(:'td'), 'and lists it');
select is(switchboard_board.claim(:'b_secret', :'b_csrf', :'td'::uuid)->>'state', 'claimed', 'and claims it from the Board');
select is(switchboard_board.release(:'b_secret', :'b_csrf', :'td'::uuid)->>'state', 'pending', 'and releases it');
select is(replace(test.error_of(format('select switchboard_board.get_todo(%L, %L::uuid)', :'c_secret', :'td'))::text, :'td', '<id>'),
          replace(test.error_of(format('select switchboard_board.get_todo(%L, %L::uuid)', :'c_secret', :'never'))::text, :'never', '<id>'),
          'cy, outside the team: the not_found of a never-minted id');
reset role;

select is(switchboard.owner_remove_team_member(:'ana', :'team', :'ben')->'removed', 'true'::jsonb, 'ana removes ben');

set local role switchboard_board;
select is(replace(test.error_of(format('select switchboard_board.get_todo(%L, %L::uuid)', :'b_secret', :'td'))::text, :'td', '<id>'),
          replace(test.error_of(format('select switchboard_board.get_todo(%L, %L::uuid)', :'b_secret', :'never'))::text, :'never', '<id>'),
          'ben''s open session, in the same transaction: the not_found of a never-minted id');
select is(switchboard_board.list_todos(:'b_secret')->'todos', '[]'::jsonb, 'his list is empty');
select is(test.error_of(format('select switchboard_board.cancel(%L, %L, %L::uuid)', :'b_secret', :'b_csrf', :'td'))->>'sqlstate', 'SB404',
          'and he can no longer act on it');
reset role;

select * from finish();
rollback;
