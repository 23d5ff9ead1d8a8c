-- add_team_queue (board): switchboard.owner_add_team_queue for the signed-in owner. A
-- state-changing action: the session's CSRF token must come with it. Returns what
-- switchboard.owner_add_team_queue returns. Errors: forbidden (no live session, or a wrong CSRF
-- token), then those of switchboard.owner_add_team_queue.
create or replace function switchboard_board.add_team_queue(
  session_secret text,
  csrf_token text,
  team_id uuid,
  queue text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_add_team_queue(switchboard_internal.board_owner(session_secret, csrf_token, true), team_id, queue);
end;
$$;
