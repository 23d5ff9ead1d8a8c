-- cancel_queue (board): switchboard.cancel_queue for the signed-in owner, as a change. The
-- session's CSRF token is checked. Returns what switchboard.cancel_queue returns. Errors: forbidden
-- (no valid session, or a missing or wrong csrf_token), then those of switchboard.cancel_queue.
create or replace function switchboard_board.cancel_queue(
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
  return switchboard.cancel_queue(switchboard_internal.board_owner(session_secret, csrf_token, true), queue, team_id);
end;
$$;
