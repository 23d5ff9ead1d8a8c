-- digest: the SHA-256 under which secrets (credentials, lease tokens) are stored and compared.
create or replace function switchboard_internal.digest(secret text)
returns bytea
language sql
-- stable, as convert_to is: PostgreSQL inlines a SQL function only when it claims no more than its body does.
-- Declared immutable, it was never inlined, and every transaction parsed and planned it again (fmgr_sql).
stable
as $$
  select sha256(convert_to(secret, 'UTF8'))
$$;
comment on function switchboard_internal.digest(text) is 'Internal. SHA-256 of a secret''s UTF-8 bytes; only digests are stored or compared.';
