-- _digest: the SHA-256 under which secrets (credentials, lease tokens) are stored and compared.
create or replace function switchboard._digest(secret text)
returns bytea
language sql
immutable
as $$
  select sha256(convert_to(secret, 'UTF8'))
$$;
comment on function switchboard._digest(text) is 'Internal. SHA-256 of a secret''s UTF-8 bytes; only digests are stored or compared.';
