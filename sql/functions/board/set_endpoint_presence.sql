-- set_endpoint_presence (board): switchboard.owner_set_endpoint_presence for the owner whose live Board session secret is sent (a state-changing action: the session's CSRF token must come with it).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.owner_set_endpoint_presence's.
create or replace function switchboard_board.set_endpoint_presence(
  session_secret text,
  csrf_token text,
  endpoint_id uuid,
  clocked_in boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_set_endpoint_presence(switchboard_internal.board_owner(session_secret, csrf_token, true), endpoint_id, clocked_in);
end;
$$;
comment on function switchboard_board.set_endpoint_presence(text, text, uuid, boolean) is
$$set_endpoint_presence(session_secret, csrf_token, endpoint_id, clocked_in) -> {endpoint_id, agent_id, clocked_in, presence_since, changed}.
As switchboard.owner_set_endpoint_presence, for the signed-in owner. Errors: forbidden (no live session; csrf_token missing or wrong), then
those of switchboard.owner_set_endpoint_presence.$$;
