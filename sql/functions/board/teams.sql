-- teams (board): switchboard.owner_teams for the owner whose live Board session secret is sent (a
-- read). The secret is resolved inside the statement that runs the read, so a removed member's open
-- session no longer shows the team at once. Reads only. Returns what switchboard.owner_teams
-- returns (never a credential). Errors: forbidden (no live session).
create or replace function switchboard_board.teams(session_secret text)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_teams(switchboard_internal.board_owner(session_secret, null, false));
end;
$$;
