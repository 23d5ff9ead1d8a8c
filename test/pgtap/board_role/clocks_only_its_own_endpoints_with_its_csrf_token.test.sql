-- On the Board, a signed-in owner clocks its own endpoints in and out, with its session's CSRF token; without it the
-- action is forbidden, and another owner's endpoint answers not_found as an unknown one.
begin;
select plan(5);

select test.endpoint() as mine \gset
select test.endpoint() as theirs \gset
select switchboard.owner_login_token(handle => (select o.handle from switchboard.owners o where o.id = test.owner_of(:'mine')))->>'login_token' as token \gset
set local role switchboard_board;
select switchboard_board.sign_in(:'token') as s \gset
select (:'s'::jsonb)->>'session_secret' as secret, (:'s'::jsonb)->>'csrf_token' as csrf \gset

select throws_ok(format('select switchboard_board.set_endpoint_presence(%L, null, %L::uuid, false)', :'secret', :'mine'), 'SB403', null,
                 'without the CSRF token: forbidden');
select is(switchboard_board.set_endpoint_presence(:'secret', :'csrf', :'mine'::uuid, false)->'clocked_in', 'false'::jsonb,
          'with it, its own endpoint is clocked out');
select throws_ok(format('select switchboard_board.set_endpoint_presence(%L, %L, %L::uuid, false)', :'secret', :'csrf', :'theirs'), 'SB404', null,
                 'another owner''s endpoint: not_found');
select is((switchboard_board.endpoints(:'secret')->'endpoints'->0)->>'clocked_in', 'false', 'the Endpoints page reads it');
reset role;
select is((select e.clocked_in from switchboard.endpoints e where e.id = :'theirs'), true, 'the other owner''s endpoint is unchanged');

select * from finish();
rollback;
