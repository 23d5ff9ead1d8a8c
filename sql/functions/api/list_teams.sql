-- list_teams: the teams, for the DBA and the CLI. Every team, or those one owner is a member of
-- (with that owner's role). Each is the team document (team_json), with how many todos the team's
-- scope stores (todos_stored, finished ones included until prune: what todos_max_per_scope, given
-- beside the list, bounds). Reads only. Returns {teams: [team + {role, todos_stored}],
-- todos_max_per_scope}. Errors: none (an unknown owner is in no team).
--
-- owner_id: only the teams this owner is a member of; null: every team.
--
-- Example: select switchboard.list_teams(owner_id => '<owner_id>');
create or replace function switchboard.list_teams(owner_id uuid default null)
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select jsonb_build_object('teams', coalesce(jsonb_agg(switchboard_internal.team_json(t.id)
                                                        || jsonb_build_object('role', m.role, 'todos_stored',
                                                             switchboard_internal.stored_todos(t.id))
                                                        order by lower(t.name), t.created_at, t.id), '[]'::jsonb),
                            'todos_max_per_scope', switchboard_internal.todo_quota())
    from switchboard.teams t
    left join switchboard.team_members m on m.team_id = t.id and m.owner_id = list_teams.owner_id
   where list_teams.owner_id is null or m.owner_id is not null;
$$;
