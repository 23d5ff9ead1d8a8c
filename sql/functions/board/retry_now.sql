-- retry_now (board): switchboard.retry_now for the owner whose live Board session secret is sent (a state-changing action: the session's CSRF token must come with it).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.retry_now's.
create or replace function switchboard_board.retry_now(
  session_secret text,
  csrf_token text,
  todo_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.retry_now(switchboard_internal.board_owner(session_secret, csrf_token, true), todo_id);
end;
$$;
comment on function switchboard_board.retry_now(text, text, uuid) is
$$retry_now(session_secret, csrf_token, todo_id) -> todo. failed -> pending, claimable now; the attempt counter resets (next claim is attempt 1),
As switchboard.retry_now, for the signed-in owner. Errors: forbidden (no live session; csrf_token missing or wrong), then those of
switchboard.retry_now.$$;
