-- not_found: the one not_found for a todo. An unknown id and another tenant's id both end up here, so
-- the two are identical byte for byte (the requested id is echoed, nothing else).
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
comment on function switchboard_internal.not_found(uuid) is 'Internal. Raises the single not_found used for unknown and foreign todo ids alike.';
