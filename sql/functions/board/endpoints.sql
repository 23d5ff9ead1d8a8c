-- endpoints (board): switchboard.list_endpoints for the owner whose live Board session secret is
-- sent (a read). The secret is resolved inside the statement that runs the verb, so a connection
-- holding switchboard_board can act only for a signed-in owner; Returns what
-- switchboard.list_endpoints returns (never a credential). Errors: forbidden (no live session),
-- then those of switchboard.list_endpoints.
create or replace function switchboard_board.endpoints(session_secret text)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.list_endpoints(switchboard_internal.board_owner(session_secret, null, false));
end;
$$;
