-- get_todo (board): switchboard.owner_get_todo for the signed-in owner whose Board session secret
-- is sent. The secret is resolved inside the statement that runs the read, so a connection holding
-- switchboard_board reads only for a signed-in owner. Reads only. Returns what
-- switchboard.owner_get_todo returns. Errors: forbidden (no live session), then those of
-- switchboard.owner_get_todo.
create or replace function switchboard_board.get_todo(
  session_secret text,
  todo_id uuid,
  attempts_limit integer default 50)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_get_todo(switchboard_internal.board_owner(session_secret, null, false), todo_id, attempts_limit);
end;
$$;
