-- claim (board): switchboard.owner_claim for the signed-in owner whose Board session secret is
-- sent. A state-changing action, so the session's CSRF token must come with it. The secret is
-- resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner. Returns what switchboard.owner_claim returns. Errors: forbidden
-- (no live session, or a missing or wrong csrf_token), then those of switchboard.owner_claim.
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
