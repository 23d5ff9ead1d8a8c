-- owner_team_role: what an owner may do in a team, for the owner-scoped team acts of the Board. The
-- one place that says so: a non-member gets not_found for the team, exactly as for an unknown team
-- id; a member asking for an admin's act gets forbidden; leaving (an act on oneself) needs only
-- membership. Locks the team row, as every change of a team does (team_row, vend_endpoint), before
-- reading the caller's role: a concurrent removal or demotion waits for the act it was checked for,
-- and the locks are taken in one order. Returns the caller's role. Errors: not_found, forbidden.
--
-- need_admin: the act is an admin's (members, team queues, team endpoints).
create or replace function switchboard_internal.owner_team_role(owner_id uuid, team_id uuid, need_admin boolean)
returns text
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_role text;
begin
  -- An unknown team locks nothing and reads no role: the same answer as a team the owner is not in.
  perform 1 from switchboard.teams t where t.id = team_id for update;
  select m.role into v_role from switchboard.team_members m where m.team_id = team_id and m.owner_id = owner_id;
  if v_role is null then
    perform switchboard_internal.raise('not_found', format('no team %s in this scope', team_id),
                                       'Teams lists the teams you are a member of.');
  end if;
  if need_admin and v_role <> 'admin' then
    perform switchboard_internal.raise('forbidden', 'only an admin of the team may do that',
                                       'Ask an admin of the team; Teams shows who they are.');
  end if;
  return v_role;
end;
$$;
