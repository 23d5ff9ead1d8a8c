-- remove_team_member: takes an owner out of a team. Its access to the team's todos ends in this
-- transaction, open Board sessions included (every owner read checks membership as it runs), even
-- to todos its own endpoints added to a team queue. The endpoints it vended in the team stay in the
-- team (revoke them to stop them). Removing the last admin is refused. Locks the team row. Returns
-- {team_id, owner_id, removed} (removed false when it was not a member). Errors: not_found (no such
-- team), conflict (it is the team's last admin).
--
-- owner_id: the owner to remove.
--
-- Example: select switchboard.remove_team_member(team_id => '<team_id>', owner_id => '<owner_id>');
create or replace function switchboard.remove_team_member(team_id uuid, owner_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_role text;
begin
  perform switchboard_internal.team_row(team_id);
  select m.role into v_role from switchboard.team_members m where m.team_id = team_id and m.owner_id = owner_id;
  perform switchboard_internal.keep_an_admin(team_id, owner_id);
  delete from switchboard.team_members m where m.team_id = team_id and m.owner_id = owner_id;
  return jsonb_build_object('team_id', team_id, 'owner_id', owner_id, 'removed', v_role is not null);
end;
$$;
