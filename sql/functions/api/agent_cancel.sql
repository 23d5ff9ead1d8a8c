-- agent_cancel: the agent verb cancel: a requester stops a todo of its scope (the spec's "A2A
-- cancel"). pending, claimed, or failed waiting for a retry -> canceled; a claimed todo's open
-- attempt closes canceled/canceled in the same statement (end_attempt, through transition()).
-- Already canceled: answered as it stands, nothing changed (a retried cancel is not an error).
-- Locks the todo row. Returns the todo document. Errors: forbidden (revoked, or cancel not vended),
-- not_found (unknown or another tenant's id, identically), conflict (done, or a dead letter:
-- nothing is running or will run to cancel).
--
-- Example: select switchboard.agent_cancel(endpoint_id => '<endpoint_id>', todo_id => '<todo_id>');
create or replace function switchboard.agent_cancel(endpoint_id uuid, todo_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_t switchboard.todos;
begin
  perform switchboard_internal.agent(endpoint_id, 'cancel');
  select x.* into v_t from switchboard.todos x, switchboard.endpoints e
   where x.id = todo_id and e.id = endpoint_id and switchboard_internal.agent_reaches(x.scope_id, e.id, e.team_id)
   for update of x;
  if not found then
    perform switchboard_internal.not_found(todo_id);
  end if;
  if v_t.state = 'canceled' then
    return switchboard_internal.todo_json(v_t);
  end if;
  if v_t.state = 'done' or (v_t.state = 'failed' and v_t.next_retry_at is null) then
    perform switchboard_internal.raise('conflict',
      format('todo %s is %s and cannot be canceled', todo_id, case v_t.state when 'done' then 'done' else 'a dead letter' end),
      'A done todo or a dead letter has nothing left to stop; get_todo shows how it ended.');
  end if;
  v_t := switchboard_internal.end_attempt(v_t, 'canceled', null, null, null);
  return switchboard_internal.todo_json(v_t);
end;
$$;
