--! Previous: sha1:1827ef65db997a2f4799a50842b1c44c58a19703
--! Hash: sha1:001f1ff8f8d89954440f168deacb6c105813eab3
--! Message: Board sign-in: login tokens and owner sessions (SHA-256 only), activity index

-- The Board's sign-in: one-time login tokens and browser sessions for owners, both stored only as SHA-256.
-- A login token is minted by `switchboard owner login <handle>` (owner_login_token), redeemed once by
-- owner_sign_in into a session; owner_session resolves the session cookie; owner_sign_out ends it.

-- owner_login_tokens: a row per minted sign-in link. used_at set = spent (single use); expires_at bounds it.
create table if not exists switchboard.owner_login_tokens (
  token_sha256 bytea primary key
               constraint owner_login_tokens_token_is_sha256 check (octet_length(token_sha256) = 32),
  owner_id     uuid not null references switchboard.owners (id) on delete cascade,
  created_at   timestamptz not null default now(),
  expires_at   timestamptz not null,
  used_at      timestamptz,
  constraint owner_login_tokens_expiry_after_creation check (expires_at > created_at)
);
create index if not exists owner_login_tokens_owner_idx on switchboard.owner_login_tokens (owner_id);
comment on table switchboard.owner_login_tokens is
  'One-time Board sign-in tokens (SHA-256 only). Spent when used_at is set; void after expires_at.';

-- owner_sessions: a signed-in browser. The session secret lives only in the HttpOnly cookie; its CSRF token
-- is derived from the secret (never stored), so a copy of this table yields neither.
create table if not exists switchboard.owner_sessions (
  secret_sha256  bytea primary key
                 constraint owner_sessions_secret_is_sha256 check (octet_length(secret_sha256) = 32),
  owner_id       uuid not null references switchboard.owners (id) on delete cascade,
  created_at     timestamptz not null default now(),
  expires_at     timestamptz not null,
  signed_out_at  timestamptz,
  constraint owner_sessions_expiry_after_creation check (expires_at > created_at)
);
create index if not exists owner_sessions_owner_idx on switchboard.owner_sessions (owner_id);
comment on table switchboard.owner_sessions is
  'Board sessions (SHA-256 of the cookie secret). Valid until expires_at unless signed_out_at is set.';

revoke all on switchboard.owner_login_tokens from public;
revoke all on switchboard.owner_sessions from public;

-- The Board's activity feed reads the newest closed attempts; without this it scans every attempt.
create index if not exists todo_attempts_ended_idx on switchboard.todo_attempts (ended_at desc)
  where ended_at is not null;

insert into switchboard.settings (key, value) values ('board_session_hours', '12')
on conflict (key) do nothing;
