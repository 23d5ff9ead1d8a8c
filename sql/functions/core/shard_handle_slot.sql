-- shard_handle_slot: a new owner's slot, from its handle, or null when not sharded. It is
-- hashtext(lower(handle)) & 255, the same key the proxy routes add_owner and owner_login_token by,
-- so a handle is unique across shards and its owner lands where the proxy will look. Errors:
-- conflict (the handle's slot belongs to another partition: the owner was added on the wrong shard,
-- not through the proxy).
create or replace function switchboard_internal.shard_handle_slot(handle text)
returns integer
language plpgsql
stable
as $$
declare
  v_partitions integer := switchboard_internal.setting_int('shard_partitions', null, 1, 256);
  v_partition integer := switchboard_internal.setting_int('shard_partition', null, 0, 255);
  v_slot integer := hashtext(lower(handle)) & 255;
begin
  if v_partitions is null then
    return null;
  end if;
  if v_slot & (v_partitions - 1) <> v_partition then
    perform switchboard_internal.raise('conflict',
      format('this database is partition %s of %s; the handle %s belongs to partition %s', v_partition, v_partitions,
             handle, v_slot & (v_partitions - 1)),
      'Add owners through the proxy database, which routes each handle to its shard.');
  end if;
  return v_slot;
end;
$$;
