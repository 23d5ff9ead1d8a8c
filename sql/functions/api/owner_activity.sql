-- owner_activity: the Board's activity feed: the newest closed attempts on the owner's todos. The
-- todos of its scopes (its endpoints' and its teams': attempts follow their todo). Newest first, at
-- most page_size; each says whose attempt it was (claimer_kind, the holder, claimant, and agent_id:
-- the claiming agent's, null for an owner's claim), which endpoint added the todo (added_by, its
-- agent_id: in a team, often another one), when it was last heard from, and how it ended. Reads
-- only. Returns {activity: [attempt + {todo_id, queue, title, agent_id, added_by, holder,
-- todo_state, team}], notice}. Errors: invalid (page_size not 1..200).
--
-- Example: select switchboard.owner_activity(owner_id => '<owner_id>', page_size => 20);
create or replace function switchboard.owner_activity(owner_id uuid, page_size integer default 50)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_size integer := coalesce(page_size, 50);
  v_rows jsonb;
begin
  if v_size not between 1 and 200 then
    perform switchboard_internal.raise('invalid', 'page_size must be between 1 and 200', null);
  end if;
  select coalesce(jsonb_agg(s.doc order by s.ended_at desc, s.todo_id, s.seq desc), '[]'::jsonb) into v_rows
    from (select a.ended_at, a.todo_id, a.seq,
                 switchboard_internal.attempt_json(a)
                 || jsonb_build_object('todo_id', x.id, 'queue', x.queue, 'title', x.title,
                                       'agent_id', case when a.owner like 'agent:%' then substr(a.owner, 7) end,
                                       'added_by', e.agent_id,
                                       'holder', a.owner, 'todo_state', x.state,
                                       'team', (select jsonb_build_object('id', t.id, 'name', t.name)
                                                  from switchboard.teams t where t.id = x.team_id)) as doc
            from switchboard.todo_attempts a
            join switchboard.todos x on x.id = a.todo_id
            join switchboard.endpoints e on e.id = x.endpoint_id
           where a.ended_at is not null and x.scope_id in (select s.id from switchboard_internal.owner_scopes(owner_id) s(id))
           order by a.ended_at desc, a.todo_id, a.seq desc
           limit v_size) s;
  return jsonb_build_object('activity', v_rows, 'notice', switchboard_internal.notice());
end;
$$;
