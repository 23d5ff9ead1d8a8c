begin;
select plan(4);

select test.endpoint(handle => 'alice') as ep \gset
select switchboard.owner_sign_in(switchboard.owner_login_token('alice')->>'login_token')->>'session_secret' as one \gset
select switchboard.owner_sign_in(switchboard.owner_login_token('alice')->>'login_token')->>'session_secret' as two \gset

select is(switchboard.owner_sign_out(:'one'), '{"signed_out": true}'::jsonb, 'sign out answers signed_out');
select throws_ok(format('select switchboard.owner_session(%L)', :'one'), 'SB403', null, 'a signed-out session is forbidden');
select is(switchboard.owner_session(:'two')->>'handle', 'alice', 'the owner''s other session still works');
update switchboard.owner_sessions set created_at = now() - interval '13 hours', expires_at = now() - interval '1 hour'
 where secret_sha256 = sha256(convert_to(:'two', 'UTF8'));
select throws_ok(format('select switchboard.owner_session(%L)', :'two'), 'SB403', null, 'an expired session is forbidden');

select * from finish();
rollback;
