-- random_token: hex of n random bytes (n <= 32), from the server's strong random source (gen_random_uuid),
-- hashed so that the UUID version bits do not show. Used for credentials and lease tokens.
create or replace function switchboard_internal.random_token(n_bytes integer)
returns text
language sql
volatile
as $$
  select left(encode(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())), 'hex'), n_bytes * 2)
$$;
comment on function switchboard_internal.random_token(integer) is
  'Internal. Hex of n_bytes (at most 32) random bytes: SHA-256 over two gen_random_uuid() values (244 random bits).';
