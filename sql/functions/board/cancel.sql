-- cancel (board): switchboard.cancel for the owner whose live Board session secret is sent (a state-changing action: the session's CSRF token must come with it).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.cancel's.
create or replace function switchboard_board.cancel(
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
  return switchboard.cancel(switchboard_internal.board_owner(session_secret, csrf_token, true), todo_id);
end;
$$;
comment on function switchboard_board.cancel(text, text, uuid) is
$$cancel(session_secret, csrf_token, todo_id) -> todo. pending | claimed | failed -> canceled; an open attempt closes canceled/canceled.
As switchboard.cancel, for the signed-in owner. Errors: forbidden (no live session; csrf_token missing or wrong), then those of
switchboard.cancel.$$;
