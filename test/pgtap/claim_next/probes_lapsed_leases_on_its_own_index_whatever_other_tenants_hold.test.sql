begin;
select plan(3);

-- Other tenants' workers died and the reaper is behind: 20,000 of their leases (20 endpoints) have lapsed.
-- claim_next's lapsed-lease probe, planned generically as PL/pgSQL plans it (parameters, not literals), must stay on
-- the caller's own index (todos_leased_idx, scope first) instead of walking every tenant's lapsed leases on the
-- reaper's index, which cost 20-40 ms per claim at 100k lapsed leases. The reaper keeps its own index for its sweep.
select test.endpoint() as a \gset
select set_config('test.caller', :'a', true);
insert into switchboard.todos (endpoint_id, queue, state, owner, lease_expires_at, attempt, last_seq, max_attempts)
select o.ep, 'q', 'claimed', 'dead-worker', now() - interval '1 hour' + g * interval '1 ms', 1, 1, 5
  from (select test.endpoint() as ep from generate_series(1, 20)) o, generate_series(1, 1000) g;
analyze switchboard.todos;

set local plan_cache_mode = force_generic_plan;
prepare probe_queue(uuid, text) as
  select x.* from switchboard.todos x
   where x.scope_id = $1 and x.queue = $2 and x.state = 'claimed'
     and x.lease_expires_at <= now() and x.attempt < x.max_attempts
   order by x.lease_expires_at limit 1 for update skip locked;
prepare probe_any(uuid) as
  select x.* from switchboard.todos x
   where x.scope_id = $1 and x.state = 'claimed'
     and x.lease_expires_at <= now() and x.attempt < x.max_attempts
   order by x.lease_expires_at limit 1 for update skip locked;
prepare sweep as
  select x.id from switchboard.todos x
   where x.state = 'claimed' and (x.lease_expires_at at time zone 'UTC') <= (now() at time zone 'UTC')
   order by (x.lease_expires_at at time zone 'UTC') limit 1000 for update skip locked;

create temp table plans (name text, plan text) on commit drop;
do $$
declare
  v_a uuid := current_setting('test.caller')::uuid;
  v_line text;
begin
  -- EXPLAIN answers one row per plan line.
  for v_line in execute format('explain (costs off) execute probe_queue(%L, %L)', v_a, 'q') loop
    insert into plans values ('queue', v_line);
  end loop;
  for v_line in execute format('explain (costs off) execute probe_any(%L)', v_a) loop
    insert into plans values ('any', v_line);
  end loop;
  for v_line in execute 'explain (costs off) execute sweep' loop
    insert into plans values ('sweep', v_line);
  end loop;
end;
$$;

select matches((select string_agg(p.plan, ' ') from plans p where p.name = 'queue'), 'todos_leased_idx',
               'the probe of one queue scans the caller''s held leases on todos_leased_idx');
-- Without a queue no index orders the caller's leases by lapse; what matters is that the scan starts from the caller.
select matches((select string_agg(p.plan, ' ') from plans p where p.name = 'any'),
               'Index Cond: \(+scope_id = \$1',
               'the probe of every queue reads only the caller''s rows, by an index on scope_id');
select matches((select string_agg(p.plan, ' ') from plans p where p.name = 'sweep'), 'todos_lease_lapse_idx',
               'the reaper''s sweep keeps its own index');

select * from finish();
rollback;
