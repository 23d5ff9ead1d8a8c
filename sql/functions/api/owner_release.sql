-- owner_release: the Board's Release, on a lease the owner took from the Board. claimed -> pending
-- at once: no backoff, the attempt counter unchanged; the attempt closes released/requeued with the
-- summary and artifact. Locks the todo row. Returns the todo document. Errors: not_found (unknown
-- or another owner's todo alike), invalid (artifact), conflict (not claimed, held by an agent, or
-- the owner's lease lapsed).
--
-- Example: select switchboard.owner_release(owner_id => '<owner_id>', todo_id => '<todo_id>',
--   summary => 'handing back');
create or replace function switchboard.owner_release(
  owner_id uuid,
  todo_id uuid,
  summary text default null,
  artifact text default null)
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
  perform switchboard_internal.check_artifact(artifact);
  v_t := switchboard_internal.owner_hold(owner_id, todo_id);
  -- Two steps, as in fail: given a variable rather than a volatile call, todo_json is inlined and its plan cached.
  v_t := switchboard_internal.end_attempt(v_t, 'released', null, summary, artifact);
  return switchboard_internal.todo_json(v_t);
end;
$$;
