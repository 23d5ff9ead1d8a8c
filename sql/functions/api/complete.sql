-- complete: the holder reports its attempt done. claimed -> done: result is stored on the todo, and
-- the attempt closes completed/done with its summary and artifact. Locks the todo row. Returns the
-- todo document. Errors: forbidden, not_found, invalid (artifact; result over 256 KiB: the todo
-- stays claimed), conflict (not claimed, or not the holder of the live lease: a fenced attempt
-- needs its lease_token).
--
-- Example: select switchboard.complete(endpoint_id => '<endpoint_id>', todo_id => '<todo_id>',
--   result => '{"pr": 42}', summary => 'pinned the linker; green');
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
  v_t switchboard.todos;
  v_doc jsonb;
  v_agent text;
begin
  -- The common report in one statement (end_held: authorization, holder, fence and both writes), taken when the
  -- arguments need no check that could fail. When it matched nothing, the long way says why, with the errors in
  -- their order: forbidden, invalid, then not_found or conflict (hold_agent). The answer is built in that
  -- statement's RETURNING.
  if artifact is null and switchboard_internal.json_fits(result, switchboard_internal.limit_of('json_bytes')) then
    v_doc := switchboard_internal.end_held(endpoint_id, todo_id, 'complete', lease_token, 'completed', result, summary, null);
    if v_doc is not null then
      return v_doc;
    end if;
  end if;
  v_agent := switchboard_internal.agent(endpoint_id, 'complete');
  perform switchboard_internal.check_artifact(artifact);
  perform switchboard_internal.check_json('result', result, switchboard_internal.limit_of('json_bytes'));
  -- With an artifact the one statement was not tried yet; without, it matched nothing just now (hold_agent says why).
  if artifact is not null then
    v_doc := switchboard_internal.end_held(endpoint_id, todo_id, 'complete', lease_token, 'completed', result, summary, artifact);
    if v_doc is not null then
      return v_doc;
    end if;
  end if;
  v_t := switchboard_internal.hold_agent(endpoint_id, todo_id, v_agent, lease_token);
  v_t := switchboard_internal.end_attempt(v_t, 'completed', result, summary, artifact);
  return switchboard_internal.todo_json(v_t);
end;
$$;
