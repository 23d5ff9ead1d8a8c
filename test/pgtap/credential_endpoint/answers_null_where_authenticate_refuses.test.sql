begin;
select plan(6);

select (switchboard.add_owner('rotor'))->>'owner_id' as owner \gset
select switchboard.vend_endpoint(:'owner'::uuid, 'fleet') as vended \gset
select (:'vended'::jsonb)->>'endpoint_id' as ep, (:'vended'::jsonb)->>'credential' as first_cred \gset

select is(switchboard.credential_endpoint('sbk_' || repeat('0', 64)), null, 'an unknown credential: null');
select is(switchboard.credential_endpoint(''), null, 'an empty one: null');
select is(switchboard.credential_endpoint(null), null, 'null: null');

-- The replaced credential once its overlap ended.
select (switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid, overlap_seconds => 60))->>'credential' as second_cred \gset
update switchboard.endpoints set previous_credential_expires_at = now() - interval '1 second' where id = :'ep';
select is(switchboard.credential_endpoint(:'first_cred'), null, 'a replaced credential after its window: null');

-- Revoked: the current credential too.
select lives_ok(format('select switchboard.revoke_endpoint(%L::uuid, %L::uuid)', :'owner', :'ep'), 'revoked');
select is(switchboard.credential_endpoint(:'second_cred'), null, 'a revoked endpoint''s credential: null');

select * from finish();
rollback;
