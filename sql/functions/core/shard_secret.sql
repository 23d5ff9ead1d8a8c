-- shard_secret: a new secret of 32 random bytes behind its kind's prefix. Kinds: sbk credential,
-- sbl sign-in link, sbs Board session. kind_<hex> as ever when slot is null (not sharded); with a
-- slot, kind_s<2 hex digits of the slot>_<hex>, a public prefix the proxy routes the secret's calls
-- by.
create or replace function switchboard_internal.shard_secret(kind text, slot integer)
returns text
language sql
volatile
as $$
  select kind || '_' || case when slot is null then '' else 's' || lpad(to_hex(slot), 2, '0') || '_' end
         || switchboard_internal.random_token(32)
$$;
