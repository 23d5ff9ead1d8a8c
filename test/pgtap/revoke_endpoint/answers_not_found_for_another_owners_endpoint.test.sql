begin;
select plan(3);

select test.endpoint() as ep \gset
select (switchboard.add_owner('second-human'))->>'owner_id' as other_owner \gset
select gen_random_uuid() as never \gset

select test.error_of(format('select switchboard.revoke_endpoint(%L::uuid, %L::uuid)', :'other_owner', :'ep')) as foreign_err \gset
select test.error_of(format('select switchboard.revoke_endpoint(%L::uuid, %L::uuid)', :'other_owner', :'never')) as never_err \gset

select is((:'foreign_err'::jsonb)->>'sqlstate', 'SB404', 'another owner''s endpoint is not_found');
select is(replace(:'foreign_err', :'ep', '<id>'), replace(:'never_err', :'never', '<id>'), 'identical to a never-minted id but for the id');
select is((select revoked_at from switchboard.endpoints where id = :'ep'), null, 'the endpoint is not revoked');

select * from finish();
rollback;
