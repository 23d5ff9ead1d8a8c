begin;
select plan(6);

select test.endpoint(handle => 'Alice') as ep \gset
select switchboard.owner_login_token('alice') as lt \gset

select is((:'lt'::jsonb)->>'handle', 'Alice', 'finds the owner case-insensitively');
select is(((:'lt'::jsonb)->>'expires_at')::timestamptz, now() + interval '15 minutes', 'valid for 15 minutes');
select is((select count(*) from switchboard.owner_login_tokens
            where token_sha256 = sha256(convert_to((:'lt'::jsonb)->>'login_token', 'UTF8'))), 1::bigint,
          'stored under its SHA-256');
select is((select count(*) from switchboard.owner_login_tokens
            where position(convert_to((:'lt'::jsonb)->>'login_token', 'UTF8') in token_sha256) > 0), 0::bigint,
          'the token itself is not stored');
select throws_ok($$select switchboard.owner_login_token('nobody')$$, 'SB404', null, 'an unknown handle is not_found');
select throws_ok($$select switchboard.owner_login_token('alice', 16)$$, 'SB422', null, 'longer than 15 minutes is invalid');

select * from finish();
rollback;
