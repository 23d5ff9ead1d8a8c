-- queues (board): switchboard.owner_queues for the signed-in owner whose Board session secret is
-- sent. The secret is resolved inside the statement that runs the read, so a connection holding
-- switchboard_board reads only for a signed-in owner. Reads only. Returns what
-- switchboard.owner_queues returns. Errors: forbidden (no live session), then those of
-- switchboard.owner_queues.
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
