-- get_todo (board): switchboard.owner_get_todo for the owner whose live Board session secret is sent (a read).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.owner_get_todo's.
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
comment on function switchboard_board.get_todo(text, uuid, integer) is
$$get_todo(session_secret, todo_id, attempts_limit 50) -> the todo with payload, routing, result, attempts (newest first, open one
As switchboard.owner_get_todo, for the signed-in owner. Errors: forbidden (no live session), then those of
switchboard.owner_get_todo.$$;
