-- digest: the SHA-256 under which secrets (credentials, lease tokens) are stored and compared. Of
-- the secret's UTF-8 bytes; only digests are stored or compared.
create or replace function switchboard_internal.digest(secret text)
returns bytea
language sql
-- stable, as convert_to is: PostgreSQL inlines a SQL function only when it claims no more than its body does.
-- Declared immutable, it would never be inlined, and every transaction would parse and plan it again.
stable
as $$
  select sha256(convert_to(secret, 'UTF8'))
$$;
