-- queues (board): switchboard.owner_queues for the owner whose live Board session secret is sent (a read).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.owner_queues's.
create or replace function switchboard_board.queues(
  session_secret text)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_queues(switchboard_internal.board_owner(session_secret, null, false));
end;
$$;
comment on function switchboard_board.queues(text) is
$$queues(session_secret) -> {queues: [{queue, agents, counts {pending, claimed, done, failed, canceled}, total, dead_letters,
As switchboard.owner_queues, for the signed-in owner. Errors: forbidden (no live session), then those of
switchboard.owner_queues.$$;
