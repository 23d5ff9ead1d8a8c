-- complete: the holder reports. claimed -> done: result is stored on the todo; the attempt closes completed/done.
--   summary is cut to 2048 bytes on a UTF-8 boundary and marked summary_truncated, never rejected. artifact is
--   validated first (mcp://cairn/<id> or https URL, <= 512 bytes). Locks the todo row. Returns the todo.
--   Errors: forbidden, not_found, invalid (artifact; result over 256 KiB: the todo stays claimed),
--           conflict (not claimed, or not the holder of the live lease, fence included).
create or replace function switchboard.complete(
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
  v_agent text := switchboard_internal.agent(endpoint_id, 'complete');
  v_t switchboard.todos;
begin
  perform switchboard_internal.check_artifact(artifact);
  perform switchboard_internal.check_json('result', result, 262144);
  -- One statement: the holder check and both writes (_end_held); _todo_json is then given a variable, so it is
  -- inlined and its plan cached.
  v_t := switchboard_internal.end_held(endpoint_id, todo_id, v_agent, lease_token, 'completed', result, summary, artifact);
  return switchboard_internal.todo_json(v_t);
end;
$$;
comment on function switchboard.complete(uuid, uuid, jsonb, text, text, text) is
$$complete(endpoint_id, todo_id, result, summary, artifact, lease_token) -> todo. claimed -> done: result is stored on the todo; the attempt closes completed/done.
summary: cut to 2048 bytes on a UTF-8 boundary (summary_truncated); artifact: mcp://cairn/<id> or an absolute https URL,
<= 512 bytes, never fetched. Errors: forbidden, not_found, invalid (artifact, result > 256 KiB; the todo stays claimed),
conflict (not claimed, or not the holder of the live lease: a fenced attempt needs its lease_token).$$;
