-- not_found: raises the one not_found for a todo, for unknown and foreign ids alike. An unknown id
-- and another tenant's id both end up here, so the two are identical byte for byte (the requested
-- id is echoed, nothing else). Errors: not_found, always.
create or replace function switchboard_internal.not_found(todo_id uuid)
returns void
language plpgsql
volatile
as $$
begin
  perform switchboard_internal.raise('not_found', format('no todo %s in this scope', todo_id),
                             'Check the id; list_todos shows the todos you can see.');
end;
$$;
