-- fail: the holder reports. claimed -> failed: below max_attempts a retry is scheduled at now + backoff (failed/retry_scheduled); at the cap the todo is a dead letter (failed/dead_lettered). result is stored on the todo.
--   summary is cut to 2048 bytes on a UTF-8 boundary and marked summary_truncated, never rejected. artifact is
--   validated first (mcp://cairn/<id> or https URL, <= 512 bytes). Locks the todo row. Returns the todo.
--   Errors: forbidden, not_found, invalid (artifact; result over 256 KiB: the todo stays claimed),
--           conflict (not claimed, or not the holder of the live lease, fence included).
create or replace function switchboard.fail(
  endpoint_id uuid,
  todo_id uuid,
  result jsonb default null,
  summary text default null,
  artifact text default null,
  lease_token text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_agent text := switchboard_internal.agent(endpoint_id, 'fail');
  v_t switchboard.todos;
begin
  perform switchboard_internal.check_artifact(artifact);
  perform switchboard_internal.check_json('result', result, switchboard_internal.limit_of('json_bytes'));
  v_t := switchboard_internal.hold_agent(endpoint_id, todo_id, v_agent, lease_token);
  -- Two steps: _todo_json given a volatile call as its argument cannot be inlined (its argument is used many times)
  -- and, as a LANGUAGE sql function, was then planned again on every call; given a variable it is inlined and cached.
  v_t := switchboard_internal.end_attempt(v_t, 'failed', result, summary, artifact);
  return switchboard_internal.todo_json(v_t);
end;
$$;
comment on function switchboard.fail(uuid, uuid, jsonb, text, text, text) is
$$fail(endpoint_id, todo_id, result, summary, artifact, lease_token) -> todo. claimed -> failed: below max_attempts a retry is scheduled at now + backoff (failed/retry_scheduled); at the cap the todo is a dead letter (failed/dead_lettered). result is stored on the todo.
summary: cut to 2048 bytes on a UTF-8 boundary (summary_truncated); artifact: mcp://cairn/<id> or an absolute https URL,
<= 512 bytes, never fetched. Errors: forbidden, not_found, invalid (artifact, result > 256 KiB; the todo stays claimed),
conflict (not claimed, or not the holder of the live lease: a fenced attempt needs its lease_token).$$;
