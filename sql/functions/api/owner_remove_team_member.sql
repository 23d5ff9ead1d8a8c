-- owner_remove_team_member: a team admin removes a member from its team, or any member leaves it
-- (removes itself). The Board's way; the act itself is switchboard.remove_team_member's, so the
-- member's access to the team's todos ends in the same transaction, open Board sessions included.
-- Returns what switchboard.remove_team_member returns (removed false when the owner named was not a
-- member). Errors: not_found (not a team the owner is in, answered as an unknown team), forbidden
-- (a member removing someone else), conflict (the team's last admin).
--
-- team_id: the team (one the owner is in).
-- member_owner_id: the owner to remove; the owner's own id leaves the team.
--
-- Example: select switchboard.owner_remove_team_member(owner_id => '<owner_id>',
--   team_id => '<team_id>', member_owner_id => '<owner_id of the member>');
create or replace function switchboard.owner_remove_team_member(owner_id uuid, team_id uuid, member_owner_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  perform switchboard_internal.owner_team_role(owner_id, team_id, member_owner_id is distinct from owner_id);
  return switchboard.remove_team_member(team_id, member_owner_id);
end;
$$;
