-- vend_endpoint (board): switchboard.owner_vend_endpoint for the signed-in owner. An endpoint in a
-- team it is an admin of; the Board shows the credential once and keeps nothing of it. A
-- state-changing action: the session's CSRF token must come with it. Returns what
-- switchboard.owner_vend_endpoint returns. Errors: forbidden (no live session, or a wrong CSRF
-- token), then those of switchboard.owner_vend_endpoint.
create or replace function switchboard_board.vend_endpoint(
  session_secret text,
  csrf_token text,
  team_id uuid,
  agent_id text,
  verbs text[] default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_vend_endpoint(switchboard_internal.board_owner(session_secret, csrf_token, true), team_id, agent_id, verbs);
end;
$$;
