-- shard_id: a new random id (UUID v4) for a row of a scope. With a slot, its first byte is the slot
-- (114 random bits remain); with null (not sharded), gen_random_uuid() as it is.
create or replace function switchboard_internal.shard_id(slot integer)
returns uuid
language sql
volatile
as $$
  select case when slot is null then gen_random_uuid()
              else encode(set_byte(uuid_send(gen_random_uuid()), 0, slot), 'hex')::uuid end
$$;
