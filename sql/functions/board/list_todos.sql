-- list_todos (board): switchboard.owner_list_todos for the owner whose live Board session secret is sent (a read).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.owner_list_todos's.
create or replace function switchboard_board.list_todos(
  session_secret text,
  queue text default null,
  state text default null,
  dead_letter boolean default null,
  page_size integer default 50,
  cursor text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_list_todos(switchboard_internal.board_owner(session_secret, null, false), queue, state, dead_letter, page_size, cursor);
end;
$$;
comment on function switchboard_board.list_todos(text, text, text, boolean, integer, text) is
$$list_todos(session_secret, queue, state, dead_letter, page_size 50, cursor) -> {todos, next_cursor}. Todos of the owner's endpoints,
As switchboard.owner_list_todos, for the signed-in owner. Errors: forbidden (no live session), then those of
switchboard.owner_list_todos.$$;
