-- sign_out (board): switchboard.owner_sign_out, for the Board's own connection. It takes the
-- session secret the browser holds, never an owner id. Returns {signed_out: true}. Errors: none.
create or replace function switchboard_board.sign_out(session_secret text)
returns jsonb
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.owner_sign_out(session_secret);
$$;
