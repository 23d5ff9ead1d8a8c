-- set_endpoint_default_queue (board): switchboard.set_endpoint_default_queue for the owner whose live Board session
-- secret is sent (a state-changing action: the session's CSRF token must come with it). The secret is resolved
-- inside the statement that runs the verb, so a connection holding switchboard_board can act only for a signed-in
-- owner; no session or a wrong CSRF token is forbidden. Everything else is switchboard.set_endpoint_default_queue's.
-- The endpoint is named `endpoint`, not `endpoint_id`: it is what is acted on, inside the owner's scope, not an
-- identity the caller acts as (no surface role may execute a function taking an endpoint_id).
create or replace function switchboard_board.set_endpoint_default_queue(
  session_secret text,
  csrf_token text,
  endpoint uuid,
  queue text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.set_endpoint_default_queue(switchboard_internal.board_owner(session_secret, csrf_token, true), endpoint, queue);
end;
$$;
comment on function switchboard_board.set_endpoint_default_queue(text, text, uuid, text) is
$$set_endpoint_default_queue(session_secret, csrf_token, endpoint, queue null = clear) -> {endpoint_id, default_queue}. Where
a requester's A2A message naming no queue goes. As switchboard.set_endpoint_default_queue, for the signed-in owner. Errors:
forbidden (no live session; csrf_token missing or wrong), then not_found (not this owner's endpoint), invalid (queue).$$;
