begin;
select plan(7);

-- overlap_seconds is how long the replaced credential keeps working: previous_valid_until is the rotation's time
-- plus exactly overlap_seconds (60 and 7 days here; the default is one hour), stored as the window the credential
-- check reads. 0 keeps nothing.
select (switchboard.add_owner('overlap-h'))->>'owner_id' as owner \gset
select (switchboard.vend_endpoint(:'owner'::uuid, 'fleet'))->>'endpoint_id' as ep \gset

select switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid, overlap_seconds => 60) as r60 \gset
select is(((:'r60'::jsonb)->>'previous_valid_until')::timestamptz, now() + interval '60 seconds', 'overlap 60: valid until now + 60 s');
select is((select previous_credential_expires_at from switchboard.endpoints where id = :'ep'), now() + interval '60 seconds',
          'and that is the window stored');
select switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid, overlap_seconds => 604800) as rweek \gset
select is(((:'rweek'::jsonb)->>'previous_valid_until')::timestamptz, now() + interval '7 days', 'overlap 604800: valid until now + 7 days');
select switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid) as rdefault \gset
select is(((:'rdefault'::jsonb)->>'previous_valid_until')::timestamptz, now() + interval '1 hour', 'the default overlap is one hour');
select is(((:'rdefault'::jsonb)->>'rotated_at')::timestamptz, now(), 'the rotation''s time is the transaction''s');
select switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid, overlap_seconds => 0) as r0 \gset
select is((:'r0'::jsonb)->>'previous_valid_until', null, 'overlap 0: no window');
select is((select jsonb_build_array(previous_credential_sha256, previous_credential_expires_at) from switchboard.endpoints where id = :'ep'),
          '[null, null]'::jsonb, 'and no previous credential is kept');

select * from finish();
rollback;
