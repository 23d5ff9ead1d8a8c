-- owner_get_todo: the Board's todo drawer: one todo in the owner's scope in full (payload, routing, result,
--   next_retry_at, dead_letter) with its attempts newest first, the open one included, up to attempts_limit
--   (default and maximum 50), attempts_total, attempts_pruned, the untrusted-data notice, and the agent_id of
--   its endpoint. Reads only and takes no lock, so a human looking at a todo never makes claim_next skip it.
--   Errors: not_found (unknown, or a todo of another owner's endpoints: the same answer), invalid (attempts_limit < 0).
create or replace function switchboard.owner_get_todo(owner_id uuid, todo_id uuid, attempts_limit integer default 50)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_t switchboard.todos;
  v_agent text;
  v_revoked boolean;
begin
  if attempts_limit < 0 then
    perform switchboard_internal.raise('invalid', 'attempts_limit must be between 0 and 50', null);
  end if;
  -- The scope of switchboard_internal.owned_todo, without its FOR UPDATE: this is a read.
  select x.* into v_t from switchboard.todos x
   where x.id = todo_id
     and x.endpoint_id in (select e.id from switchboard.endpoints e where e.owner_id = owner_id);
  if not found then
    perform switchboard_internal.not_found(todo_id);
  end if;
  select e.agent_id, e.revoked_at is not null into v_agent, v_revoked
    from switchboard.endpoints e where e.id = v_t.endpoint_id;
  return switchboard_internal.todo_detail(v_t, least(coalesce(attempts_limit, 50), switchboard_internal.limit_of('attempts_limit_max')))
      || jsonb_build_object('agent_id', v_agent, 'endpoint_revoked', v_revoked);
end;
$$;
comment on function switchboard.owner_get_todo(uuid, uuid, integer) is
$$owner_get_todo(owner_id, todo_id, attempts_limit 50) -> the todo with payload, routing, result, attempts (newest first, open one
included, at most 50), attempts_total, attempts_pruned, the untrusted-data notice, agent_id and endpoint_revoked. Read only, no lock.
Errors: not_found (unknown or another owner's todo alike), invalid (attempts_limit < 0).$$;
