-- owner_get_todo: the Board's todo drawer: one todo of the owner's scope in full, with its
-- attempts. Payload, routing, result, next_retry_at and dead_letter, its attempts newest first (the
-- open one included) up to attempts_limit, attempts_total, attempts_pruned, the untrusted-data
-- notice, its adding endpoint's agent_id and endpoint_revoked, and its team ({id, name}, null for a
-- personal todo). Reads only and takes no lock, so a human looking at a todo never makes claim_next
-- skip it. Returns the todo document. Errors: not_found (unknown, or a todo outside the owner's
-- scopes: the same answer), invalid (attempts_limit below 0).
--
-- attempts_limit: attempts returned, newest first, at most 50.
--
-- Example: select switchboard.owner_get_todo(owner_id => '<owner_id>', todo_id => '<todo_id>');
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
     and x.scope_id in (select s.id from switchboard_internal.owner_scopes(owner_id) s(id));
  if not found then
    perform switchboard_internal.not_found(todo_id);
  end if;
  select e.agent_id, e.revoked_at is not null into v_agent, v_revoked
    from switchboard.endpoints e where e.id = v_t.endpoint_id;
  return switchboard_internal.todo_detail(v_t, least(coalesce(attempts_limit, 50), switchboard_internal.limit_of('attempts_limit_max')))
      || jsonb_build_object('agent_id', v_agent, 'endpoint_revoked', v_revoked,
                            'team', (select jsonb_build_object('id', t.id, 'name', t.name) from switchboard.teams t where t.id = v_t.team_id));
end;
$$;
