-- random_token: hex of n_bytes (at most 32) random bytes, for credentials and lease tokens. From
-- the server's strong random source (gen_random_uuid), hashed so that the UUID version bits do not
-- show: SHA-256 over two gen_random_uuid() values (244 random bits).
create or replace function switchboard_internal.random_token(n_bytes integer)
returns text
language sql
volatile
as $$
  select left(encode(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())), 'hex'), n_bytes * 2)
$$;
