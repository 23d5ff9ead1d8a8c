-- set_endpoint_default_queue (board): switchboard.set_endpoint_default_queue for the signed-in
-- owner. A state-changing action: the session's CSRF token must come with it; the secret is
-- resolved inside the statement that runs the verb. The endpoint is named `endpoint`, not
-- `endpoint_id`: it is what is acted on, inside the owner's scope, not an identity the caller acts
-- as (no surface role may execute a function taking an endpoint_id). Returns what
-- switchboard.set_endpoint_default_queue returns. Errors: forbidden (no live session, or a wrong
-- CSRF token), then those of switchboard.set_endpoint_default_queue.
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
