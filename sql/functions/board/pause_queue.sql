-- pause_queue (board): switchboard.pause_queue for the signed-in owner (a change: the session's
-- CSRF token is checked). Returns what switchboard.pause_queue returns. Errors: forbidden (no valid
-- session, a wrong CSRF token, or a member of the team who is not an admin), then those of
-- switchboard.pause_queue.
create or replace function switchboard_board.pause_queue(
  session_secret text,
  csrf_token text,
  queue text,
  team_id uuid default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.pause_queue(switchboard_internal.board_owner(session_secret, csrf_token, true), queue, team_id);
end;
$$;
