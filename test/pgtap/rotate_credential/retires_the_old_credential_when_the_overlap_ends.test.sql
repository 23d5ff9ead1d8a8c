begin;
select plan(5);

select (switchboard.add_owner('rotor'))->>'owner_id' as owner \gset
select switchboard.vend_endpoint(:'owner'::uuid, 'fleet') as vended \gset
select (:'vended'::jsonb)->>'endpoint_id' as ep, (:'vended'::jsonb)->>'credential' as first_cred \gset

-- A rotation with no overlap retires the old credential at once.
select (switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid, overlap_seconds => 0))->>'credential' as second_cred \gset
select throws_ok(format('select switchboard.authenticate(%L)', :'first_cred'), 'SB403', null, 'overlap 0: the old credential is refused at once');

-- With an overlap, the replaced credential works until the window ends.
select (switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid, overlap_seconds => 60))->>'credential' as third_cred \gset
select lives_ok(format('select switchboard.authenticate(%L)', :'second_cred'), 'the replaced credential works inside its window');
update switchboard.endpoints set previous_credential_expires_at = now() - interval '1 second' where id = :'ep';
select throws_ok(format('select switchboard.authenticate(%L)', :'second_cred'), 'SB403', null, 'and is refused once the window ended');

-- Two rotations back is never valid, even inside a window.
select (switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid))->>'credential' as fourth_cred \gset
select throws_ok(format('select switchboard.authenticate(%L)', :'second_cred'), 'SB403', null, 'a credential two rotations old is refused');
select lives_ok(format('select switchboard.authenticate(%L)', :'third_cred'), 'the one just replaced works');

select * from finish();
rollback;
