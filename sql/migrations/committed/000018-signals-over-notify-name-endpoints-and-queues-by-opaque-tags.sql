--! Previous: sha1:ed2c4812b8ef9742ddebad568f0ac86d446fe939
--! Hash: sha1:300bb86a4e1f7d7fb8cdd93e3062f1e780d5c76f
--! Message: signals over NOTIFY name endpoints and queues by opaque tags and carry an HMAC under a key only Switchboard's functions read: switchboard_internal.signal_key

-- Signals over LISTEN/NOTIFY carry no id a stranger can use, and are authenticated. Any login of the database may
-- LISTEN on any channel and NOTIFY any payload (PostgreSQL has no privilege for either), so what Switchboard sends
-- (the doorbell, revoked credentials) names endpoints and queues by opaque tags and carries an HMAC-SHA256 under a key
-- only Switchboard's own functions read (switchboard_internal.signal, signal_tag), which the server checks before it
-- acts on a signal. The key is made here, once, from the server's strong random source; ipad and opad are the two
-- HMAC blocks (RFC 2104) precomputed from it, so each MAC is two sha256() calls and no bytewise XOR at run time.
create table switchboard_internal.signal_key (
  singleton boolean primary key default true,
  key bytea not null,
  ipad bytea not null,
  opad bytea not null,
  created_at timestamptz not null default now(),
  constraint signal_key_singleton check (singleton),
  constraint signal_key_is_32_bytes check (octet_length(key) = 32),
  constraint signal_key_pads_are_64_bytes check (octet_length(ipad) = 64 and octet_length(opad) = 64)
);
comment on table switchboard_internal.signal_key is
  'The HMAC key of Switchboard''s NOTIFY signals (opaque tags and MACs), with its two HMAC blocks; readable by no surface role.';
revoke all on switchboard_internal.signal_key from public;

do $$
declare
  v_key bytea := sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()));
  v_block bytea := v_key || decode(repeat('00', 32), 'hex');
  v_ipad bytea := v_block;
  v_opad bytea := v_block;
begin
  for i in 0 .. 63 loop
    v_ipad := set_byte(v_ipad, i, get_byte(v_block, i) # 54);   -- 0x36
    v_opad := set_byte(v_opad, i, get_byte(v_block, i) # 92);   -- 0x5c
  end loop;
  insert into switchboard_internal.signal_key (key, ipad, opad) values (v_key, v_ipad, v_opad);
end
$$;
