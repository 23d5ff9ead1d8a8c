-- owner_complete: the Board's Complete, on a lease the owner took from the Board. claimed -> done:
-- result is stored on the todo; the attempt closes completed/done with the summary and artifact.
-- Locks the todo row. Returns the todo document. Errors: not_found (unknown or another owner's todo
-- alike), invalid (artifact; result over 256 KiB), conflict (not claimed, held by an agent, or the
-- owner's lease lapsed).
--
-- Example: select switchboard.owner_complete(owner_id => '<owner_id>', todo_id => '<todo_id>',
--   summary => 'done by hand');
create or replace function switchboard.owner_complete(
  owner_id uuid,
  todo_id uuid,
  result jsonb default null,
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
  perform switchboard_internal.check_json('result', result, switchboard_internal.limit_of('json_bytes'));
  v_t := switchboard_internal.owner_hold(owner_id, todo_id);
  -- Two steps, as in fail: given a variable rather than a volatile call, todo_json is inlined and its plan cached.
  v_t := switchboard_internal.end_attempt(v_t, 'completed', result, summary, artifact);
  return switchboard_internal.todo_json(v_t);
end;
$$;
