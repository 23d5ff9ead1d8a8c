begin;
select plan(3);

-- reap counts its batch itself (one bump per queue) and switches the trigger's counting off only for its own
-- statement: a close later in the same transaction is counted by the trigger again.
create function pg_temp.counted(q text, o text) returns bigint language sql as $$
  select coalesce(sum((e->>'value')::bigint), 0) from jsonb_array_elements(switchboard.metrics()->'attempts_closed') e
   where e->>'queue' = q and e->>'outcome' = o
$$;

select test.endpoint() as ep \gset
select array_agg(test.todo(:'ep', case when i % 3 = 0 then 'a' else 'b' end, max_attempts => case when i <= 2 then 1 else 5 end) order by i) as t
  from generate_series(1, 9) i \gset
select switchboard.claim(:'ep'::uuid, id) from unnest(:'t'::uuid[]) id;
select test.lapse(id) from unnest((:'t'::uuid[])[1:8]) id;

select is(switchboard.reap(), 8, 'the batch closes the eight lapsed leases');
select is(array[pg_temp.counted('a', 'reaped'), pg_temp.counted('b', 'reaped')], array[2::bigint, 6::bigint],
          'each reaped attempt is counted once, under its queue (dead letters among them)');

select switchboard.complete(:'ep'::uuid, (:'t'::uuid[])[9]);
select is(pg_temp.counted('a', 'completed'), 1::bigint, 'a completion after the reap, same transaction, is counted');

select * from finish();
rollback;
