-- sign_out (board): switchboard.owner_sign_out, for the Board's own connection. It takes the secret the browser holds
-- (a session secret, or a one-time login token), never an owner id.
create or replace function switchboard_board.sign_out(session_secret text)
returns jsonb
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.owner_sign_out(session_secret);
$$;
comment on function switchboard_board.sign_out(text) is
$$sign_out(session_secret) -> {signed_out: true}. As switchboard.owner_sign_out.$$;
