begin;
select plan(6);

select test.endpoint() as ep \gset
select test.owner_of(:'ep') as owner \gset
select (switchboard.add_owner('other-human'))->>'owner_id' as other_owner \gset
select gen_random_uuid() as never \gset
select (select credential_sha256 from switchboard.endpoints where id = :'ep') as before_hash \gset

select test.error_of(format('select switchboard.rotate_credential(%L::uuid, %L::uuid)', :'other_owner', :'ep')) as foreign_err \gset
select test.error_of(format('select switchboard.rotate_credential(%L::uuid, %L::uuid)', :'other_owner', :'never')) as never_err \gset
select is((:'foreign_err'::jsonb)->>'sqlstate', 'SB404', 'another owner''s endpoint is not_found');
select is(replace(:'foreign_err', :'ep', '<id>'), replace(:'never_err', :'never', '<id>'), 'identical to a never-minted id but for the id');
select is((select credential_sha256 from switchboard.endpoints where id = :'ep')::text, :'before_hash', 'the credential did not change');

select throws_ok(format('select switchboard.rotate_credential(%L::uuid, %L::uuid, overlap_seconds => -1)', :'owner', :'ep'), 'SB422', null, 'a negative overlap is invalid');
select throws_ok(format('select switchboard.rotate_credential(%L::uuid, %L::uuid, overlap_seconds => 604801)', :'owner', :'ep'), 'SB422', null, 'an overlap over 7 days is invalid');

select switchboard.revoke_endpoint(:'owner'::uuid, :'ep'::uuid);
select throws_ok(format('select switchboard.rotate_credential(%L::uuid, %L::uuid)', :'owner', :'ep'), 'SB409', null, 'a revoked endpoint cannot be rotated');

select * from finish();
rollback;
