-- owner_csrf: the Board's CSRF token for a session, derived from the session secret and never
-- stored. Hex SHA-256 of a fixed prefix and the secret: only a page rendered for that session knows
-- it; a cross-site form cannot, and a copy of owner_sessions (digests only) does not yield it
-- either.
create or replace function switchboard_internal.owner_csrf(session_secret text)
returns text
language sql
immutable
as $$
  select encode(sha256(convert_to('switchboard board csrf:' || session_secret, 'UTF8')), 'hex')
$$;
