-- session (board): switchboard.owner_session, for the Board's own connection. It takes the secret
-- the browser holds, never an owner id. Reads only. Returns {owner_id, handle, csrf_token,
-- expires_at}. Errors: forbidden (no live session; with for_write, a missing or wrong csrf_token).
create or replace function switchboard_board.session(session_secret text, csrf_token text default null, for_write boolean default false)
returns jsonb
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.owner_session(session_secret, csrf_token, for_write);
$$;
