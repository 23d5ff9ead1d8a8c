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
  -- Per scope, its page_size newest closes of heads and of earlier attempts (both indexes lead with the scope), then
  -- the newest page_size of those: the feed costs the owner's scopes, never another tenant's attempts.
  select coalesce(jsonb_agg(s.doc order by s.ended_at desc, s.todo_id, s.seq desc), '[]'::jsonb) into v_rows
    from (select k.ended_at, k.todo_id, k.seq,
                 switchboard_internal.attempt_json(w.a)
                 || jsonb_build_object('todo_id', x.id, 'queue', x.queue, 'title', x.title,
                                       'agent_id', case when (w.a).owner like 'agent:%' then substr((w.a).owner, 7) end,
                                       'added_by', x.added_by,
                                       'holder', (w.a).owner, 'todo_state', x.state,
                                       'team', (select jsonb_build_object('id', t.id, 'name', t.name)
                                                  from switchboard.teams t where t.id = x.team_id)) as doc
            from (select c.todo_id, c.seq, c.ended_at
                    from (select h.* from (select distinct o.id from switchboard_internal.owner_scopes(owner_id) o(id)) sc
                           cross join lateral (select t.id as todo_id, t.last_seq as seq, t.head_ended_at as ended_at
                                                 from switchboard.todos t
                                                where t.scope_id = sc.id and t.head_ended_at is not null
                                                order by t.head_ended_at desc, t.id
                                                limit v_size) h
                          union all
                          select p.* from (select distinct o.id from switchboard_internal.owner_scopes(owner_id) o(id)) sc
                           cross join lateral (select ea.todo_id, ea.seq, ea.ended_at
                                                 from switchboard.earlier_attempts ea
                                                where ea.scope_id = sc.id
                                                order by ea.ended_at desc, ea.todo_id, ea.seq desc
                                                limit v_size) p) c
                   order by c.ended_at desc, c.todo_id, c.seq desc
                   limit v_size) k
           -- The attempt and its todo, each read by key for the page's rows (subqueries the planner keeps apart, so it
           -- never joins a whole table or view to them).
           cross join lateral (select v as a from switchboard.todo_attempts v
                                where v.todo_id = k.todo_id and v.seq = k.seq limit 1) w
           cross join lateral (select x.id, x.queue, x.title, x.state, x.team_id,
                                      (select e.agent_id from switchboard.endpoints e where e.id = x.endpoint_id) as added_by
                                 from switchboard.todos x where x.id = k.todo_id offset 0) x) s;
  return jsonb_build_object('activity', v_rows, 'notice', switchboard_internal.notice());
end;
$$;
