-- team_row: locks a team for a change of its members or queues. So two admins' changes, and the
-- last-admin rule, never race. Errors: not_found (no such team).
create or replace function switchboard_internal.team_row(team_id uuid)
returns switchboard.teams
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_team switchboard.teams;
begin
  select t.* into v_team from switchboard.teams t where t.id = team_id for update;
  if not found then
    perform switchboard_internal.raise('not_found', format('no team %s in this scope', team_id),
                                       'list_teams shows the teams there are.');
  end if;
  return v_team;
end;
$$;
