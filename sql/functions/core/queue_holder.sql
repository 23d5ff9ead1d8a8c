-- queue_holder: whose queue controls an owner may set: its own, or a team's for the team's admin.
-- Its own: personal queues, across all of its endpoints; with team_id, the team's. Checks the queue
-- name. Returns the holder id (the owner's or the team's). Errors: invalid (queue format),
-- not_found (no such owner, or a team the owner is not in, exactly as for an unknown team),
-- forbidden (a member who is not an admin).
create or replace function switchboard_internal.queue_holder(owner_id uuid, queue text, team_id uuid)
returns uuid
language plpgsql
volatile
as $$
#variable_conflict use_variable
begin
  perform switchboard_internal.check_queue(queue);
  if team_id is not null then
    perform switchboard_internal.owner_team_role(owner_id, team_id, true);
    return team_id;
  end if;
  if not exists (select 1 from switchboard.owners o where o.id = owner_id) then
    perform switchboard_internal.raise('not_found', format('no owner %s', owner_id), null);
  end if;
  return owner_id;
end;
$$;
