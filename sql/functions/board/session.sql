-- session (board): switchboard.owner_session, for the Board's own connection. It takes the secret the browser holds
-- (a session secret, or a one-time login token), never an owner id.
create or replace function switchboard_board.session(session_secret text, csrf_token text default null, for_write boolean default false)
returns jsonb
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.owner_session(session_secret, csrf_token, for_write);
$$;
comment on function switchboard_board.session(text, text, boolean) is
$$session(session_secret, csrf_token null, for_write false) -> {owner_id, handle, csrf_token, expires_at}. As switchboard.owner_session.$$;
