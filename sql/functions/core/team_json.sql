-- team_json: a team as the admin API and the Board show it. {id, name, created_at, members
-- [{owner_id, handle, role, added_at}], queues [names], endpoints [{endpoint_id, agent_id,
-- owner_id, verbs, clocked_in, presence_since, revoked_at}]}, each list in a stable order. Reads
-- only.
create or replace function switchboard_internal.team_json(team_id uuid)
returns jsonb
language sql
stable
as $$
  select jsonb_build_object(
    'id', t.id, 'name', t.name, 'created_at', switchboard_internal.ts(t.created_at),
    'members', coalesce((select jsonb_agg(jsonb_build_object('owner_id', m.owner_id, 'handle', o.handle, 'role', m.role,
                                                             'added_at', switchboard_internal.ts(m.added_at))
                                          order by m.role, lower(o.handle))
                           from switchboard.team_members m join switchboard.owners o on o.id = m.owner_id
                          where m.team_id = t.id), '[]'::jsonb),
    'queues', coalesce((select jsonb_agg(q.queue order by q.queue) from switchboard.team_queues q where q.team_id = t.id),
                       '[]'::jsonb),
    'endpoints', coalesce((select jsonb_agg(jsonb_build_object('endpoint_id', e.id, 'agent_id', e.agent_id,
                                                               'owner_id', e.owner_id, 'verbs', to_jsonb(e.verbs),
                                                               'clocked_in', e.clocked_in,
                                                               'presence_since', switchboard_internal.ts(e.presence_since),
                                                               'revoked_at', switchboard_internal.ts(e.revoked_at))
                                            order by e.agent_id, e.created_at)
                             from switchboard.endpoints e where e.team_id = t.id), '[]'::jsonb))
    from switchboard.teams t where t.id = team_json.team_id;
$$;
