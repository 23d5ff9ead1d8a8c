-- remove_team_member (board): switchboard.owner_remove_team_member for the signed-in owner. An
-- admin removes a member, or a member leaves. A state-changing action: the session's CSRF token
-- must come with it. Returns what switchboard.owner_remove_team_member returns. Errors: forbidden
-- (no live session, or a wrong CSRF token), then those of switchboard.owner_remove_team_member.
create or replace function switchboard_board.remove_team_member(
  session_secret text,
  csrf_token text,
  team_id uuid,
  member_owner_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_remove_team_member(switchboard_internal.board_owner(session_secret, csrf_token, true), team_id, member_owner_id);
end;
$$;
