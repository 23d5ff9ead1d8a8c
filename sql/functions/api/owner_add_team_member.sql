-- owner_add_team_member: a team admin adds an owner, named by handle, to its team, or changes a
-- member's role. The Board's way; the act itself is switchboard.add_team_member's. Only an admin of
-- the team may (owner_team_role's rule). Returns what switchboard.add_team_member returns. Errors:
-- not_found (not a team the owner is in, answered as an unknown team; no owner with that handle),
-- forbidden (the owner is a member, not an admin), invalid (role), conflict (the last admin made a
-- member).
--
-- team_id: the team (one the owner is an admin of).
-- handle: the owner to add, whatever its case.
-- role: member (the default) or admin.
--
-- Example: select switchboard.owner_add_team_member(owner_id => '<owner_id>',
--   team_id => '<team_id>', handle => 'bob', role => 'member');
create or replace function switchboard.owner_add_team_member(owner_id uuid, team_id uuid, handle text, role text default 'member')
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_member switchboard.owners;
begin
  perform switchboard_internal.owner_team_role(owner_id, team_id, true);
  select o.* into v_member from switchboard.owners o where lower(o.handle) = lower(handle);
  if v_member.id is null then
    perform switchboard_internal.raise('not_found', format('no owner with handle %s', handle),
                                       'Check the handle; the owner must exist before joining a team.');
  end if;
  return switchboard.add_team_member(team_id, v_member.id, coalesce(role, 'member'));
end;
$$;
