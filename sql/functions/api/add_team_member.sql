-- add_team_member: adds an owner to a team as a member or an admin, or changes its role. From this
-- transaction on it reaches the team's todos on the Board (a member reads and acts on them; an
-- admin also manages members, team queues and team endpoints). Demoting the last admin is refused.
-- Locks the team row. Returns {team_id, owner_id, handle, role, added_at}. Errors: invalid (role
-- not member or admin), not_found (no such team, or no such owner), conflict (it would leave the
-- team with no admin).
--
-- owner_id: the owner to add, or whose role to change.
-- role: member (the default) or admin.
--
-- Example: select switchboard.add_team_member(team_id => '<team_id>', owner_id => '<owner_id>',
--   role => 'member');
create or replace function switchboard.add_team_member(team_id uuid, owner_id uuid, role text default 'member')
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_m switchboard.team_members;
begin
  if role is null or role not in ('member', 'admin') then
    perform switchboard_internal.raise('invalid', 'role must be member or admin', null);
  end if;
  perform switchboard_internal.team_row(team_id);
  if not exists (select 1 from switchboard.owners o where o.id = owner_id) then
    perform switchboard_internal.raise('not_found', format('no owner %s', owner_id), 'Create the owner with add_owner first.');
  end if;
  if role = 'member' then
    perform switchboard_internal.keep_an_admin(team_id, owner_id);
  end if;
  insert into switchboard.team_members as m (team_id, owner_id, role) values (team_id, owner_id, role)
  on conflict on constraint team_members_pkey do update set role = excluded.role
  returning m.* into v_m;
  return jsonb_build_object('team_id', v_m.team_id, 'owner_id', v_m.owner_id,
                            'handle', (select o.handle from switchboard.owners o where o.id = v_m.owner_id),
                            'role', v_m.role, 'added_at', switchboard_internal.ts(v_m.added_at));
end;
$$;
