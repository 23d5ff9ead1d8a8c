-- sign_in (board): switchboard.owner_sign_in, for the Board's own connection. It takes the secret the browser holds
-- (a session secret, or a one-time login token), never an owner id.
create or replace function switchboard_board.sign_in(login_token text)
returns jsonb
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.owner_sign_in(login_token);
$$;
comment on function switchboard_board.sign_in(text) is
$$sign_in(login_token) -> {owner_id, handle, session_secret, csrf_token, expires_at}. As switchboard.owner_sign_in: redeems a one-time login token.$$;
