-- On the Board, a team's admin revokes a team endpoint with its session's CSRF token; without it the action is
-- forbidden; a plain member and an outsider get not_found, as for an endpoint that never existed, and nothing changes.
begin;
select plan(6);

select test.team() as f \gset
select (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'admin_handle' as ah, (:'f'::jsonb)->>'member_handle' as mh,
       (:'f'::jsonb)->>'outsider_handle' as oh \gset
select switchboard.owner_login_token(handle => :'ah')->>'login_token' as at \gset
select switchboard.owner_login_token(handle => :'mh')->>'login_token' as mt \gset
select switchboard.owner_login_token(handle => :'oh')->>'login_token' as ot \gset
set local role switchboard_board;
select switchboard_board.sign_in(:'at') as s \gset
select (:'s'::jsonb)->>'session_secret' as asec, (:'s'::jsonb)->>'csrf_token' as acsrf \gset
select switchboard_board.sign_in(:'mt') as s \gset
select (:'s'::jsonb)->>'session_secret' as msec, (:'s'::jsonb)->>'csrf_token' as mcsrf \gset
select switchboard_board.sign_in(:'ot') as s \gset
select (:'s'::jsonb)->>'session_secret' as osec, (:'s'::jsonb)->>'csrf_token' as ocsrf \gset

select throws_ok(format('select switchboard_board.revoke_endpoint(%L, null, %L::uuid)', :'asec', :'w'), 'SB403', null,
                 'the admin without the CSRF token: forbidden');
select throws_ok(format('select switchboard_board.revoke_endpoint(%L, %L, %L::uuid)', :'msec', :'mcsrf', :'w'), 'SB404', null,
                 'a plain member: not_found');
select throws_ok(format('select switchboard_board.revoke_endpoint(%L, %L, %L::uuid)', :'osec', :'ocsrf', :'w'), 'SB404', null,
                 'an outsider: not_found');
reset role;
select is((select revoked_at from switchboard.endpoints where id = :'w'), null, 'the team worker is still live');
set local role switchboard_board;
select ok((switchboard_board.revoke_endpoint(:'asec', :'acsrf', :'w'::uuid)->>'revoked_at') is not null,
          'the admin with its CSRF token revokes it');
reset role;
select isnt((select revoked_at from switchboard.endpoints where id = :'w'), null, 'it is revoked');

select * from finish();
rollback;
