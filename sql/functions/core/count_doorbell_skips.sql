-- count_doorbell_skips: n doorbells were not rung because their endpoint is clocked out. Adds n to
-- this backend's shard of switchboard.doorbell_skips (pg_backend_pid() % 16), in the caller's
-- transaction, so a rolled-back skip counts nothing and concurrent skips rarely wait for one row;
-- metrics() sums the shards.
create or replace function switchboard_internal.count_doorbell_skips(n integer)
returns void
language sql
volatile
as $$
  insert into switchboard.doorbell_skips as s (shard, n) values (pg_backend_pid() % 16, n)
  on conflict (shard) do update set n = s.n + excluded.n;
$$;
