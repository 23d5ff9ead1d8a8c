-- endpoints (board): switchboard.list_endpoints for the owner whose live Board session secret is sent (a read).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.list_endpoints's.
create or replace function switchboard_board.endpoints(
  session_secret text)
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
comment on function switchboard_board.endpoints(text) is
$$endpoints(session_secret) -> {endpoints: [{endpoint_id, agent_id, verbs, created_at, revoked_at, clocked_in, presence_since}]}. As
switchboard.list_endpoints, for the signed-in owner. Errors: forbidden (no live session).$$;
