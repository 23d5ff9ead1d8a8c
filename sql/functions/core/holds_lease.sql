-- holds_lease: the one rule that a caller holds a todo's lease. Given the todo's owner, lease
-- expiry and lease-token digest: the todo is held by holder (only a claimed todo has an owner,
-- todos_row_ok), the lease has not lapsed, and the fence is satisfied (the digest of the token sent
-- equals the one stored: a fenced attempt needs its token, an unfenced one takes none, as
-- digest(null) is null). end_held puts it in the WHERE of its UPDATE and hold_agent tests it on the
-- locked row; null counts as not holding (a caller tests `is not true`). An inlinable SQL
-- expression: in a WHERE it costs what the conditions written out would. Reads only.
create or replace function switchboard_internal.holds_lease(
  owner text,
  lease_expires_at timestamptz,
  lease_token_sha256 bytea,
  holder text,
  lease_token text)
returns boolean
language sql
stable
as $$
  select owner = holder and lease_expires_at > now()
     and lease_token_sha256 is not distinct from switchboard_internal.digest(lease_token);
$$;
