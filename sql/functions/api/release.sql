-- release: the holder hands the todo back without a verdict (shutdown, a usage limit, an operator's
-- stop). claimed -> pending, ready now: no backoff, the attempt counter unchanged; the attempt
-- closes released/requeued with the summary and artifact sent. Locks the todo row. Returns the todo
-- document. Errors: forbidden (release is its own grant: no other verb implies it), not_found,
-- invalid (artifact), conflict (not claimed, or not the holder of the live lease, fence included).
--
-- Example: select switchboard.release(endpoint_id => '<endpoint_id>', todo_id => '<todo_id>',
--   summary => 'shutting down');
create or replace function switchboard.release(
  endpoint_id uuid,
  todo_id uuid,
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
  -- The common release in one statement (end_held: authorization, holder, fence and both writes), taken when the
  -- arguments need no check that could fail. When it matched nothing, the long way says why, with the errors in
  -- their order: forbidden, invalid, then not_found or conflict (hold_agent).
  if artifact is null then
    v_doc := switchboard_internal.end_held(endpoint_id, todo_id, 'release', lease_token, 'released', null, summary, null);
    if v_doc is not null then
      return v_doc;
    end if;
  end if;
  v_agent := switchboard_internal.agent(endpoint_id, 'release');
  perform switchboard_internal.check_artifact(artifact);
  -- With an artifact the one statement was not tried yet; without, it matched nothing just now (hold_agent says why).
  if artifact is not null then
    v_doc := switchboard_internal.end_held(endpoint_id, todo_id, 'release', lease_token, 'released', null, summary, artifact);
    if v_doc is not null then
      return v_doc;
    end if;
  end if;
  v_t := switchboard_internal.hold_agent(endpoint_id, todo_id, v_agent, lease_token);
  v_t := switchboard_internal.end_attempt(v_t, 'released', null, summary, artifact);
  return switchboard_internal.todo_json(v_t);
end;
$$;
