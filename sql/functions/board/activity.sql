-- activity (board): switchboard.owner_activity for the owner whose live Board session secret is sent (a read).
-- The secret is resolved inside the statement that runs the verb, so a connection holding switchboard_board can
-- act only for a signed-in owner; no session (or, for a write, a wrong CSRF token) is forbidden. Everything else
-- (arguments, document, errors) is switchboard.owner_activity's.
create or replace function switchboard_board.activity(
  session_secret text,
  page_size integer default 50)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.owner_activity(switchboard_internal.board_owner(session_secret, null, false), page_size);
end;
$$;
comment on function switchboard_board.activity(text, integer) is
$$activity(session_secret, page_size 50) -> {activity: [attempt + {todo_id, queue, title, agent_id, holder, todo_state}], notice}. The newest
As switchboard.owner_activity, for the signed-in owner. Errors: forbidden (no live session), then those of
switchboard.owner_activity.$$;
