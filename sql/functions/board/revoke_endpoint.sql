-- revoke_endpoint (board): switchboard.revoke_endpoint for the signed-in owner. An endpoint it
-- vended, or a team endpoint of a team it is an admin of (manages_endpoint's rule). A
-- state-changing action: the session's CSRF token must come with it. Returns what
-- switchboard.revoke_endpoint returns. Errors: forbidden (no live session, or a wrong CSRF token),
-- then those of switchboard.revoke_endpoint.
create or replace function switchboard_board.revoke_endpoint(
  session_secret text,
  csrf_token text,
  endpoint_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.revoke_endpoint(switchboard_internal.board_owner(session_secret, csrf_token, true), endpoint_id);
end;
$$;
