-- set_endpoint_presence (board): switchboard.owner_set_endpoint_presence for the signed-in owner. A
-- state-changing action: the session's CSRF token must come with it; the secret is resolved inside
-- the statement that runs the verb. Returns what switchboard.owner_set_endpoint_presence returns.
-- Errors: forbidden (no live session, or a wrong CSRF token), then those of
-- switchboard.owner_set_endpoint_presence.
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
