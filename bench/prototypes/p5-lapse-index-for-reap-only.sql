-- Prototype P5: the reaper's index no longer usable by claim_next's lapsed-lease probe.
-- Why: claim_next first probes "a lapsed lease of my endpoint and queue" ordered by lease_expires_at LIMIT 1. With
-- 100k lapsed leases of ANOTHER endpoint (its workers died, the reaper is behind) the planner picks
-- todos_lease_lapse_idx (lease_expires_at) and filters out all 100k rows on every claim of every tenant:
-- EXPLAIN ANALYZE 20.3 ms per probe (Rows Removed by Filter: 100000); the scale run measured claims at 36 cycles/s,
-- p50 90 ms, against 188 cycles/s, p50 10 ms, without them. Keyed on an expression the probe does not use, the index
-- serves only the reaper, and the probe takes todos_leased_idx (endpoint_id, queue, lease_expires_at): 0.086 ms.
-- The reaper's batch of 1000 on the expression index: 0.76 ms. Dropping the index instead would make each
-- reap batch a sequential scan and sort (162 ms at 100k lapsed).
drop index if exists switchboard.todos_lease_lapse_idx;
create index todos_lease_lapse_idx on switchboard.todos ((lease_expires_at at time zone 'UTC')) where state = 'claimed';

-- reap.sql, the lapsed CTE, must then say the same expression:
--   with lapsed as (
--     select x.id from switchboard.todos x
--      where x.state = 'claimed' and (x.lease_expires_at at time zone 'UTC') <= (v_now at time zone 'UTC')
--      order by (x.lease_expires_at at time zone 'UTC')
--      limit batch_limit
--      for update skip locked
--   ), ...
