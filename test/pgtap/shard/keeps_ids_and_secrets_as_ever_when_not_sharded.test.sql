begin;
select plan(4);

select (switchboard.add_owner('plain'))->>'owner_id' as o \gset
select switchboard.vend_endpoint(:'o'::uuid, 'bot') as v \gset
select ok((:'v'::jsonb)->>'credential' ~ '^sbk_[0-9a-f]{64}$', 'an unsharded credential is sbk_ and 64 hex digits, as ever');
select ok(((:'v'::jsonb)->>'endpoint_id') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
          'an endpoint id is a UUID v4');
select (switchboard.owner_login_token('plain'))->>'login_token' as tok \gset
select ok(:'tok' ~ '^sbl_[0-9a-f]{64}$', 'a sign-in link is sbl_ and 64 hex digits');
select ok((switchboard.owner_sign_in(:'tok'))->>'session_secret' ~ '^sbs_[0-9a-f]{64}$', 'a session secret sbs_ and 64 hex digits');

select * from finish();
rollback;
