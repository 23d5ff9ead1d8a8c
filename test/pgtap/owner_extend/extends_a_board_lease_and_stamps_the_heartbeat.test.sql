begin;
select plan(4);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as td \gset
select switchboard.owner_claim(:'ow', :'td', lease_seconds => 60) \gset
select switchboard.owner_extend(:'ow', :'td', lease_seconds => 3600) as d \gset

select is(((:'d'::jsonb)->>'lease_expires_at')::timestamptz, now() + interval '1 hour', 'the lease runs an hour from now');
select is((test.attempt_row(:'td', 1)->>'last_heartbeat_at')::timestamptz, now(), 'the attempt''s heartbeat is stamped');
select throws_ok(format('select switchboard.owner_extend(%L, %L, 0)', :'ow', :'td'), 'SB422', null, 'lease_seconds 0 is invalid');
select test.lapse(:'td');
select throws_ok(format('select switchboard.owner_extend(%L, %L)', :'ow', :'td'), 'SB409', null, 'a lapsed Board lease is conflict');

select * from finish();
rollback;
