-- board_owner: the owner a Board session secret signs in as, for the entry points of
-- switchboard_board. With for_write (every state-changing action), the session's CSRF token must
-- come too, exactly as switchboard.owner_session checks it. Errors: forbidden.
create or replace function switchboard_internal.board_owner(session_secret text, csrf_token text, for_write boolean)
returns uuid
language sql
stable
as $$
  select (switchboard.owner_session(session_secret, csrf_token, for_write) ->> 'owner_id')::uuid;
$$;
