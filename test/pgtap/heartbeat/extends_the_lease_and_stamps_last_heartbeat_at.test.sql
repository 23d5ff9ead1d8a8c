begin;
select plan(5);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, lease_seconds => 10) as c \gset
select switchboard.heartbeat(:'ep'::uuid, :'td'::uuid, lease_seconds => 600) as hb \gset

select is((:'hb'::jsonb)->>'state', 'claimed', 'the todo stays claimed');
select is((:'hb'::jsonb)->>'lease_expires_at', switchboard_internal.ts(now() + interval '600 seconds'), 'the lease runs to now + lease_seconds');
select is((test.attempt_row(:'td', 1))->>'last_heartbeat_at', to_jsonb(now())->>0, 'last_heartbeat_at is stamped on the attempt');
select is(((test.attempt_row(:'td', 1))->>'lease_expires_at')::timestamptz, now() + interval '600 seconds',
          'the attempt keeps the lease''s latest value');
select ok((:'hb'::jsonb) ? 'next_retry_at' and (:'hb'::jsonb) ? 'dead_letter', 'the todo carries next_retry_at and dead_letter');

select * from finish();
rollback;
