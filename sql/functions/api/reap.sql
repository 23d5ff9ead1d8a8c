-- reap: the reaper's sweep: closes every tenant's lapsed leases. Each claimed todo whose lease
-- lapsed: below its cap -> pending, ready now, the attempt closed reaped/requeued; at the cap ->
-- failed (a dead letter), the attempt closed reaped/dead_lettered. It has no caller scope, moves
-- nothing between tenants and reads nothing out. Picks with FOR UPDATE SKIP LOCKED, oldest lapse
-- first, so it never waits for a claim in flight. Returns the number of attempts closed. Errors:
-- invalid (batch_limit below 1).
--
-- Example: select switchboard.reap(batch_limit => 1000);
create or replace function switchboard.reap(batch_limit integer default null)
returns integer
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_now timestamptz := now();
  v_count integer;
begin
  if batch_limit is not null and batch_limit < 1 then
    perform switchboard_internal.raise('invalid', 'batch_limit must be at least 1', null);
  end if;
  with lapsed as (
    -- The expression is todos_lease_lapse_idx's key: that index serves the reaper only (claim_next's probe cannot
    -- pick it and filter every tenant's lapsed leases).
    select x.id from switchboard.todos x
     where x.state = 'claimed' and (x.lease_expires_at at time zone 'UTC') <= (v_now at time zone 'UTC')
     order by (x.lease_expires_at at time zone 'UTC')
     limit batch_limit
     for update skip locked
  ), closed as (
    -- The transition itself is reap_locked, shared with claim_next (which dead-letters a lapsed last attempt it
    -- meets), so both give a todo the same pair.
    select r.queue from switchboard_internal.reap_locked((select array_agg(l.id) from lapsed l), v_now) r
  )
  select count(*)::integer into v_count from closed;
  return v_count;
end;
$$;
