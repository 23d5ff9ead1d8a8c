begin;
select plan(4);

select test.endpoint(handle => 'dq-owner') as ep \gset
select test.endpoint(handle => 'dq-other') as theirs \gset
select switchboard.owner_sign_in((switchboard.owner_login_token('dq-owner'))->>'login_token') as s \gset
select (:'s'::jsonb)->>'session_secret' as secret, (:'s'::jsonb)->>'csrf_token' as csrf \gset

set local role switchboard_board;
select throws_ok(format('select switchboard_board.set_endpoint_default_queue(%L, %L, %L::uuid, %L)', :'secret', null, :'ep', 'inbox'),
                 'SB403', null, 'without the session''s CSRF token: forbidden');
select throws_ok(format('select switchboard_board.set_endpoint_default_queue(%L, %L, %L::uuid, %L)', :'secret', :'csrf', :'theirs', 'inbox'),
                 'SB404', null, 'another owner''s endpoint: not_found');
select is((switchboard_board.set_endpoint_default_queue(:'secret', :'csrf', :'ep'::uuid, 'inbox'))->>'default_queue', 'inbox',
          'with secret and CSRF token, its own endpoint''s default queue is set');
reset role;
select is((select default_queue from switchboard.endpoints where id = :'theirs'::uuid), null, 'and the other owner''s is untouched');

select * from finish();
rollback;
