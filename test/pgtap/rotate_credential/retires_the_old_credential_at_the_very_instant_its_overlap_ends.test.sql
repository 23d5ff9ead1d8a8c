-- The replaced credential's window is open up to, not including, its end: at the very instant it ends, every check
-- of a credential (authenticate, credential_endpoint) refuses it, as the overlap's docs promise.
begin;
select plan(3);

select (switchboard.add_owner('rotor'))->>'owner_id' as owner \gset
select switchboard.vend_endpoint(:'owner'::uuid, 'fleet') as vended \gset
select (:'vended'::jsonb)->>'endpoint_id' as ep, (:'vended'::jsonb)->>'credential' as first_cred \gset
select (switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid, overlap_seconds => 60))->>'credential' as second_cred \gset
select lives_ok(format('select switchboard.authenticate(%L)', :'first_cred'), 'inside its window the replaced credential works');

update switchboard.endpoints set previous_credential_expires_at = now() where id = :'ep';
select throws_ok(format('select switchboard.authenticate(%L)', :'first_cred'), 'SB403', null,
                 'authenticate refuses it at the instant the window ends');
select is(switchboard.credential_endpoint(:'first_cred'), null, 'credential_endpoint does not know it then');

select * from finish();
rollback;
