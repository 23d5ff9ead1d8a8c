begin;
select plan(3);

select (switchboard.add_owner('rotor'))->>'owner_id' as owner \gset
select switchboard.vend_endpoint(:'owner'::uuid, 'fleet') as vended \gset
select (:'vended'::jsonb)->>'endpoint_id' as ep, (:'vended'::jsonb)->>'credential' as first_cred \gset

select is(switchboard.credential_endpoint(:'first_cred'), :'ep'::uuid, 'a live credential names its endpoint');
select is(switchboard.credential_endpoint(:'first_cred'), (switchboard.authenticate(:'first_cred')->>'endpoint_id')::uuid,
          'the endpoint authenticate answers');

-- Inside a rotation's overlap the replaced credential still names the endpoint, as authenticate accepts it.
select (switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid, overlap_seconds => 60))->>'credential' as second_cred \gset
select is(switchboard.credential_endpoint(:'first_cred'), :'ep'::uuid, 'the replaced credential inside its window');

select * from finish();
rollback;
