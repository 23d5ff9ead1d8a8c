begin;
select plan(2);

select test.endpoint(handle => 'alice') as ep \gset
select switchboard.owner_login_token('alice', 1)->>'login_token' as tok \gset
update switchboard.owner_login_tokens
   set created_at = now() - interval '16 minutes', expires_at = now() - interval '1 minute';

select throws_ok(format('select switchboard.owner_sign_in(%L)', :'tok'), 'SB403', null, 'an expired token is forbidden');
select is((select count(*) from switchboard.owner_sessions), 0::bigint, 'no session was opened');

select * from finish();
rollback;
