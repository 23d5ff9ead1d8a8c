-- remove_team_member: takes an owner out of a team, and revokes the team endpoints it vended. Its
-- access to the team's todos ends in this transaction, open Board sessions included (every owner
-- read checks membership as it runs), even to todos its own endpoints added to a team queue; each
-- team endpoint it vended is revoked as switchboard.revoke_endpoint does (the todos its agents hold
-- dead-lettered, their credentials refused), so a removed member keeps no agent in the team; the
-- dead-letter notices of the team's todos queued for it and not yet delivered are dropped (it hears
-- nothing more of the team's work, those dead letters included). Removing the last admin is
-- refused. Locks the team row, then each such endpoint. Returns {team_id, owner_id, removed,
-- endpoints_revoked} (removed false when it was not a member). Errors: not_found (no such team),
-- conflict (it is the team's last admin).
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
  v_endpoint uuid;
  v_revoked integer := 0;
begin
  perform switchboard_internal.team_row(team_id);
  select m.role into v_role from switchboard.team_members m where m.team_id = team_id and m.owner_id = owner_id;
  perform switchboard_internal.keep_an_admin(team_id, owner_id);
  -- Revoked while it is still a member (manages_endpoint lets it), so the revocation is the one every owner gets.
  for v_endpoint in
    select e.id from switchboard.endpoints e
     where v_role is not null and e.team_id = team_id and e.owner_id = owner_id and e.revoked_at is null
     order by e.id
  loop
    perform switchboard.revoke_endpoint(owner_id, v_endpoint);
    v_revoked := v_revoked + 1;
  end loop;
  delete from switchboard.team_members m where m.team_id = team_id and m.owner_id = owner_id;
  -- Those the revocations above just queued included; delivery() checks membership too, for any in flight.
  delete from switchboard.deliveries d
   using switchboard.todos x
   where d.owner_id = owner_id and d.sink = 'member' and x.id = d.todo_id and x.team_id = team_id;
  return jsonb_build_object('team_id', team_id, 'owner_id', owner_id, 'removed', v_role is not null,
                            'endpoints_revoked', v_revoked);
end;
$$;
