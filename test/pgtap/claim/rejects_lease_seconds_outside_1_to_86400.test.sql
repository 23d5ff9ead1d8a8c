begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select test.todo(:'ep') as td2 \gset

select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid, lease_seconds => 0)', :'ep', :'td'), 'SB422', null,
                 'lease_seconds 0 is invalid');
select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid, lease_seconds => 86401)', :'ep', :'td'), 'SB422', null,
                 'lease_seconds 86401 is invalid');
select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid, lease_seconds => -5)', :'ep', :'td'), 'SB422', null,
                 'a negative lease_seconds is invalid');
select is(test.attempt_rows(:'td'), 0::bigint, 'an invalid claim opens no attempt');
select is((switchboard.claim(:'ep'::uuid, :'td'::uuid, lease_seconds => 1))->>'lease_expires_at',
          switchboard_internal.ts(now() + interval '1 second'), 'lease_seconds 1 is accepted');
select is((switchboard.claim(:'ep'::uuid, :'td2'::uuid, lease_seconds => 86400))->>'lease_expires_at',
          switchboard_internal.ts(now() + interval '86400 seconds'), 'lease_seconds 86400 is accepted');

select * from finish();
rollback;
