-- fail (board): switchboard.owner_fail for the owner whose live Board session secret is sent (a state-changing action: the session's CSRF token must come with it).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.owner_fail's.
create or replace function switchboard_board.fail(
  session_secret text,
  csrf_token text,
  todo_id uuid,
  result jsonb default null,
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
  return switchboard.owner_fail(switchboard_internal.board_owner(session_secret, csrf_token, true), todo_id, result, summary, artifact);
end;
$$;
comment on function switchboard_board.fail(text, text, uuid, jsonb, text, text) is
$$fail(session_secret, csrf_token, todo_id, result, summary, artifact) -> todo. The Board's Fail on a lease taken from the Board:
As switchboard.owner_fail, for the signed-in owner. Errors: forbidden (no live session; csrf_token missing or wrong), then those of
switchboard.owner_fail.$$;
