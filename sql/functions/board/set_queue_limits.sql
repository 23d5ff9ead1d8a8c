-- set_queue_limits (board): switchboard.set_queue_limits for the signed-in owner (a change: its
-- CSRF token is checked). null lifts a limit. Returns what switchboard.set_queue_limits returns.
-- Errors: forbidden (no valid session, a wrong CSRF token, or a member of the team who is not an
-- admin), then those of switchboard.set_queue_limits.
create or replace function switchboard_board.set_queue_limits(
  session_secret text,
  csrf_token text,
  queue text,
  max_claimed integer default null,
  claims_per_minute integer default null,
  team_id uuid default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.set_queue_limits(switchboard_internal.board_owner(session_secret, csrf_token, true), queue,
                                      max_claimed, claims_per_minute, team_id);
end;
$$;
