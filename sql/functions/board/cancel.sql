-- cancel (board): switchboard.cancel for the signed-in owner whose Board session secret is sent. A
-- state-changing action, so the session's CSRF token must come with it. The secret is resolved
-- inside the statement that runs the verb, so a connection holding switchboard_board can act only
-- for a signed-in owner. Returns what switchboard.cancel returns. Errors: forbidden (no live
-- session, or a missing or wrong csrf_token), then those of switchboard.cancel.
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
