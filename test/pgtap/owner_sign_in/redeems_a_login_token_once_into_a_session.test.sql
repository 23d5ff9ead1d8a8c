begin;
select plan(6);

select test.endpoint(handle => 'alice') as ep \gset
select switchboard.owner_login_token('alice')->>'login_token' as tok \gset
select switchboard.owner_sign_in(:'tok') as s \gset

select is((:'s'::jsonb)->>'owner_id', test.owner_of(:'ep')::text, 'the session belongs to the token''s owner');
select is(((:'s'::jsonb)->>'expires_at')::timestamptz, now() + interval '12 hours', 'the session lasts board_session_hours (12)');
select is((select count(*) from switchboard.owner_sessions
            where secret_sha256 = sha256(convert_to((:'s'::jsonb)->>'session_secret', 'UTF8'))), 1::bigint,
          'the session secret is stored as SHA-256');
select ok((select used_at is not null from switchboard.owner_login_tokens
            where token_sha256 = sha256(convert_to(:'tok', 'UTF8'))), 'the token is spent');
select throws_ok(format('select switchboard.owner_sign_in(%L)', :'tok'), 'SB403', null, 'a spent token signs nobody in');
select throws_ok($$select switchboard.owner_sign_in('sbl_never_minted')$$, 'SB403', null, 'an unknown token signs nobody in');

select * from finish();
rollback;
