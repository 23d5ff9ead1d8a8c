-- owner_fail: the Board's Fail, on a lease the owner took from the Board. claimed -> failed: below max_attempts
--   a retry is scheduled at now + backoff (failed/retry_scheduled); at the cap the todo is a dead letter
--   (failed/dead_lettered). The summary says why (cut to 2048 bytes); result is stored on the todo.
--   Locks the todo row. Returns the todo.
--   Errors: not_found (unknown or another owner's todo alike), invalid (artifact; result over 256 KiB),
--           conflict (not claimed, held by an agent, or the owner's lease lapsed).
create or replace function switchboard.owner_fail(
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
  -- Two steps, as in fail: given a variable rather than a volatile call, _todo_json is inlined and its plan cached.
  v_t := switchboard_internal.end_attempt(v_t, 'failed', result, summary, artifact);
  return switchboard_internal.todo_json(v_t);
end;
$$;
comment on function switchboard.owner_fail(uuid, uuid, jsonb, text, text) is
$$owner_fail(owner_id, todo_id, result, summary, artifact) -> todo. The Board's Fail on a lease taken from the Board:
claimed -> failed, retry scheduled below max_attempts (failed/retry_scheduled) or a dead letter at it (failed/dead_lettered).
Errors: not_found, invalid (artifact, result > 256 KiB), conflict (not claimed, held by an agent, or lapsed).$$;
