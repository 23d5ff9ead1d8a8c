-- shard_slot: the slot an id carries in a sharded database, or null when not sharded. The slot
-- (0..255) is the id's first byte. A scope's ids (owner, endpoints, teams) and the secrets it mints
-- carry one slot, and the proxy routes a call to partition slot & (partitions - 1) with no lookup:
-- the slot is the unit a re-partitioning moves. Reads the shard_partitions setting.
create or replace function switchboard_internal.shard_slot(id uuid)
returns integer
language sql
stable
as $$
  select case when switchboard_internal.setting_int('shard_partitions', null, 1, 256) is not null
              then get_byte(uuid_send(id), 0) end
$$;
