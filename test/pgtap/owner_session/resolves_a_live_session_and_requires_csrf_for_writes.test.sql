begin;
select plan(6);

select test.endpoint(handle => 'alice') as ep \gset
select switchboard.owner_sign_in(switchboard.owner_login_token('alice')->>'login_token') as s \gset
select (:'s'::jsonb)->>'session_secret' as secret, (:'s'::jsonb)->>'csrf_token' as csrf \gset

select is(switchboard.owner_session(:'secret')->>'handle', 'alice', 'a live session resolves to its owner');
select is(switchboard.owner_session(:'secret')->>'csrf_token', :'csrf', 'and carries the CSRF token its sign-in returned');
select throws_ok(format('select switchboard.owner_session(%L, null, true)', :'secret'), 'SB403', null,
                 'a write without a CSRF token is forbidden');
select throws_ok(format('select switchboard.owner_session(%L, %L, true)', :'secret', repeat('0', 64)), 'SB403', null,
                 'a write with another CSRF token is forbidden');
select is(switchboard.owner_session(:'secret', :'csrf', true)->>'handle', 'alice', 'a write with the session''s CSRF token passes');
select throws_ok($$select switchboard.owner_session('sbs_not_a_session')$$, 'SB403', null, 'an unknown secret is forbidden');

select * from finish();
rollback;
