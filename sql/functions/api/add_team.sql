-- add_team: creates a team (ADR-0038) with its first admin. An owner scope its members share: team
-- queues, and endpoints vended in the team, whose todos on a team queue every member and every team
-- endpoint reaches. Returns the team document (team_json: id, name, created_at, members, queues,
-- endpoints). Errors: invalid (name not 1-128 of letters, digits, space and _ . : / @ -, starting
-- with a letter or digit), not_found (no such owner).
--
-- name: a label for humans; two teams may share one.
-- admin_owner_id: the owner who becomes the team's first admin.
--
-- Example: select switchboard.add_team(name => 'payments', admin_owner_id => '<owner_id>');
create or replace function switchboard.add_team(name text, admin_owner_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_team switchboard.teams;
begin
  if name is null or name !~ '^[A-Za-z0-9][A-Za-z0-9 _.:/@-]{0,127}$' then
    perform switchboard_internal.raise('invalid', 'name must be 1-128 letters, digits, spaces or _ . : / @ -, starting with a letter or digit', null);
  end if;
  if not exists (select 1 from switchboard.owners o where o.id = admin_owner_id) then
    perform switchboard_internal.raise('not_found', format('no owner %s', admin_owner_id), 'Create the owner with add_owner first.');
  end if;
  -- Sharded, the team takes its first admin's slot: it lives on that owner's shard, with its todos.
  insert into switchboard.teams (id, name) values (switchboard_internal.shard_id(switchboard_internal.shard_slot(admin_owner_id)), name)
  returning * into v_team;
  insert into switchboard.team_members (team_id, owner_id, role) values (v_team.id, admin_owner_id, 'admin');
  return switchboard_internal.team_json(v_team.id);
end;
$$;
