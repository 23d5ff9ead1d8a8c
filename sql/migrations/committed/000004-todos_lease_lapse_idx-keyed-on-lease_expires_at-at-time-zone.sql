--! Previous: sha1:2ccac8997e25c9f7b547ec88f208570f05220269
--! Hash: sha1:605d99cce611087b9c368766e80b481bd4ae1c1f
--! Message: todos_lease_lapse_idx keyed on lease_expires_at at time zone UTC: the reaper's index only, so claim_next's per-endpoint lapsed-lease probe cannot pick it

-- The reaper's index, keyed on an expression only reap() uses, so that claim_next's per-endpoint lapsed-lease probe
-- can no longer pick it. Keyed on lease_expires_at itself, the planner chose it for the probe once many leases of ANY
-- endpoint had lapsed, and then filtered them all out on every claim of every tenant (100k lapsed leases of another
-- endpoint: 20.3 ms per probe, Rows Removed by Filter 100000); the probe's own index, todos_leased_idx
-- (endpoint_id, queue, lease_expires_at), answers it in 0.09 ms. reap() orders and filters by the same expression.
drop index if exists switchboard.todos_lease_lapse_idx;
create index todos_lease_lapse_idx on switchboard.todos ((lease_expires_at at time zone 'UTC'))
  where state = 'claimed';
