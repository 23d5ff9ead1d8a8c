-- list_todos (board): switchboard.owner_list_todos for the signed-in owner whose Board session
-- secret is sent. The secret is resolved inside the statement that runs the read, so a connection
-- holding switchboard_board reads only for a signed-in owner. Reads only. Returns what
-- switchboard.owner_list_todos returns. Errors: forbidden (no live session), then those of
-- switchboard.owner_list_todos.
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
