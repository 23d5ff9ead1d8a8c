-- fail (board): switchboard.owner_fail for the signed-in owner whose Board session secret is sent.
-- A state-changing action, so the session's CSRF token must come with it. The secret is resolved
-- inside the statement that runs the verb, so a connection holding switchboard_board can act only
-- for a signed-in owner. Returns what switchboard.owner_fail returns. Errors: forbidden (no live
-- session, or a missing or wrong csrf_token), then those of switchboard.owner_fail.
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
