-- sign_in (board): switchboard.owner_sign_in, for the Board's own connection. It takes the one-time
-- login token the browser holds, never an owner id. Returns {owner_id, handle, session_secret,
-- csrf_token, expires_at}. Errors: forbidden (the token is unknown, already used or expired).
create or replace function switchboard_board.sign_in(login_token text)
returns jsonb
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.owner_sign_in(login_token);
$$;
