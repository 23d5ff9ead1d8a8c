begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select test.todo(:'ep') as td2 \gset

select is((switchboard.claim(:'ep'::uuid, :'td'::uuid))->>'lease_expires_at',
          switchboard_internal.ts(now() + interval '300 seconds'), 'the default lease is 300 s');
select test.set('default_lease_seconds', '42');
select is((switchboard.claim(:'ep'::uuid, :'td2'::uuid))->>'lease_expires_at',
          switchboard_internal.ts(now() + interval '42 seconds'), 'default_lease_seconds is read on every claim');

select * from finish();
rollback;
