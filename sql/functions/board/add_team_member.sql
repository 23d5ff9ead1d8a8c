-- add_team_member (board): switchboard.owner_add_team_member for the signed-in owner. A
-- state-changing action: the session's CSRF token must come with it; the secret is resolved inside
-- the statement that runs the act. Returns what switchboard.owner_add_team_member returns. Errors:
-- forbidden (no live session, or a wrong CSRF token), then those of
-- switchboard.owner_add_team_member.
create or replace function switchboard_board.add_team_member(
  session_secret text,
  csrf_token text,
  team_id uuid,
  handle text,
  role text default 'member')
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_add_team_member(switchboard_internal.board_owner(session_secret, csrf_token, true), team_id, handle, role);
end;
$$;
