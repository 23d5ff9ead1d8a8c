-- release (board): switchboard.owner_release for the owner whose live Board session secret is sent (a state-changing action: the session's CSRF token must come with it).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.owner_release's.
create or replace function switchboard_board.release(
  session_secret text,
  csrf_token text,
  todo_id uuid,
  summary text default null,
  artifact text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_release(switchboard_internal.board_owner(session_secret, csrf_token, true), todo_id, summary, artifact);
end;
$$;
comment on function switchboard_board.release(text, text, uuid, text, text) is
$$release(session_secret, csrf_token, todo_id, summary, artifact) -> todo. The Board's Release on a lease taken from the Board: claimed -> pending
As switchboard.owner_release, for the signed-in owner. Errors: forbidden (no live session; csrf_token missing or wrong), then those of
switchboard.owner_release.$$;
