-- fail: the holder reports its attempt failed; a retry is scheduled, or the todo dead-letters at
-- its cap. claimed -> failed: below max_attempts the retry is due at now + backoff
-- (failed/retry_scheduled); at the cap the todo is a dead letter (failed/dead_lettered) and its
-- notification is queued. result is stored on the todo. Locks the todo row. Returns the todo
-- document. Errors: forbidden, not_found, invalid (artifact; result over 256 KiB: the todo stays
-- claimed), conflict (not claimed, or not the holder of the live lease: a fenced attempt needs its
-- lease_token).
--
-- Example: select switchboard.fail(endpoint_id => '<endpoint_id>', todo_id => '<todo_id>',
--   summary => 'tests red on arm64');
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
  -- Two steps: todo_json given a volatile call as its argument cannot be inlined (its argument is used many times)
  -- and, as a LANGUAGE sql function, was then planned again on every call; given a variable it is inlined and cached.
  v_t := switchboard_internal.end_attempt(v_t, 'failed', result, summary, artifact);
  return switchboard_internal.todo_json(v_t);
end;
$$;
