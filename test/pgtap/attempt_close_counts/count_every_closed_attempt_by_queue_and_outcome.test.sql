begin;
select plan(4);

-- The counters as metrics() reports them, and the same figures computed from the attempts table.
create function pg_temp.counted() returns setof text language sql as $$
  select format('%s/%s=%s', e->>'queue', e->>'outcome', e->>'value')
    from jsonb_array_elements(switchboard.metrics()->'attempts_closed') e order by 1
$$;
create function pg_temp.recorded() returns setof text language sql as $$
  select format('%s/%s=%s', x.queue, a.outcome, count(*))
    from switchboard.todo_attempts a join switchboard.todos x on x.id = a.todo_id
   where a.ended_at is not null group by x.queue, a.outcome order by 1
$$;

select test.endpoint() as ep \gset
select test.endpoint() as doomed \gset
select array_agg(test.todo(:'ep', case when i % 2 = 0 then 'even' else 'odd' end, max_attempts => 2) order by i) as t
  from generate_series(1, 8) i \gset
select array_agg(test.todo(:'doomed', 'odd')) as r from generate_series(1, 2) \gset

-- A scripted mix: completed, failed (retry), failed (dead letter), released, lease_expired, reaped (requeue and
-- dead letter), canceled, revoked.
select switchboard.claim(:'ep'::uuid, (:'t'::uuid[])[1]), switchboard.complete(:'ep'::uuid, (:'t'::uuid[])[1]);
select switchboard.claim(:'ep'::uuid, (:'t'::uuid[])[2]), switchboard.fail(:'ep'::uuid, (:'t'::uuid[])[2]);
select test.due((:'t'::uuid[])[2]);
select switchboard.claim(:'ep'::uuid, (:'t'::uuid[])[2]), switchboard.fail(:'ep'::uuid, (:'t'::uuid[])[2]);
select switchboard.claim(:'ep'::uuid, (:'t'::uuid[])[3]), switchboard.release(:'ep'::uuid, (:'t'::uuid[])[3]);
select switchboard.claim(:'ep'::uuid, (:'t'::uuid[])[4]);
select test.lapse((:'t'::uuid[])[4]);
select switchboard.claim(:'ep'::uuid, (:'t'::uuid[])[4]);
select switchboard.claim(:'ep'::uuid, (:'t'::uuid[])[5]);
select test.lapse((:'t'::uuid[])[5]);
select switchboard.reap();
select switchboard.claim(:'ep'::uuid, (:'t'::uuid[])[5]);
select test.lapse((:'t'::uuid[])[5]);
select switchboard.reap();
select switchboard.claim(:'ep'::uuid, (:'t'::uuid[])[6]), switchboard.cancel(test.owner_of(:'ep'), (:'t'::uuid[])[6]);
select switchboard.claim(:'doomed'::uuid, id) from unnest(:'r'::uuid[]) id;
select switchboard.revoke_endpoint(test.owner_of(:'doomed'), :'doomed'::uuid);

select results_eq('select * from pg_temp.counted()', 'select * from pg_temp.recorded()',
                  'attempts_closed equals the closed attempts by queue and outcome');
select is((select array_agg(distinct a.outcome order by a.outcome) from switchboard.todo_attempts a where a.ended_at is not null),
          array['canceled','completed','failed','lease_expired','reaped','released','revoked'],
          'the mix covers every outcome');
select is((select jsonb_object_agg(e->>'queue', (e->>'value')::int) from jsonb_array_elements(switchboard.metrics()->'leases_expired') e),
          (select jsonb_object_agg(q, n) from (select x.queue q, count(*)::int n from switchboard.todo_attempts a
             join switchboard.todos x on x.id = a.todo_id where a.outcome in ('lease_expired', 'reaped') group by x.queue) s),
          'leases_expired adds exactly one per attempt closed lease_expired or reaped');
select is((select count(*) from switchboard.attempt_close_counts c where c.shard <> pg_backend_pid() % 16), 0::bigint,
          'one backend writes one shard');

select * from finish();
rollback;
