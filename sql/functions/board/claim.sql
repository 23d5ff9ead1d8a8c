-- claim (board): switchboard.owner_claim for the owner whose live Board session secret is sent (a state-changing action: the session's CSRF token must come with it).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.owner_claim's.
create or replace function switchboard_board.claim(
  session_secret text,
  csrf_token text,
  todo_id uuid,
  claimant text default null,
  lease_seconds integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_claim(switchboard_internal.board_owner(session_secret, csrf_token, true), todo_id, claimant, lease_seconds);
end;
$$;
comment on function switchboard_board.claim(text, text, uuid, text, integer) is
$$claim(session_secret, csrf_token, todo_id, claimant owner:<handle>, lease_seconds default_lease_seconds) -> claim document. The Board's Claim:
As switchboard.owner_claim, for the signed-in owner. Errors: forbidden (no live session; csrf_token missing or wrong), then those of
switchboard.owner_claim.$$;
