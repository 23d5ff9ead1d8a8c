-- keep_an_admin: refuses a change that would leave a team with no admin. Called, with the team row
-- locked, before an admin is demoted or removed: the one place the last-admin rule lives. Errors:
-- conflict (owner_id is the team's only admin).
create or replace function switchboard_internal.keep_an_admin(team_id uuid, owner_id uuid)
returns void
language plpgsql
stable
as $$
#variable_conflict use_variable
begin
  if exists (select 1 from switchboard.team_members m
              where m.team_id = team_id and m.owner_id = owner_id and m.role = 'admin')
     and not exists (select 1 from switchboard.team_members m
                      where m.team_id = team_id and m.owner_id <> owner_id and m.role = 'admin') then
    perform switchboard_internal.raise('conflict', 'the team would have no admin', 'Make another member an admin first.');
  end if;
end;
$$;
