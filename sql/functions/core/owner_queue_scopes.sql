-- owner_queue_scopes: the scopes an owner's act on a whole queue reaches, after checking it may
-- act. Its personal queue: the scopes of every endpoint it vended (as owner_scopes, the queue
-- across all of them); with team_id, the team's, for any member (as Retry now or Cancel of one of
-- its todos). Checks the queue name. Returns the scope ids. Errors: invalid (queue format),
-- not_found (no such owner, or a team the owner is not in, exactly as for an unknown team).
create or replace function switchboard_internal.owner_queue_scopes(owner_id uuid, queue text, team_id uuid)
returns uuid[]
language plpgsql
volatile
as $$
#variable_conflict use_variable
begin
  perform switchboard_internal.check_queue(queue);
  if team_id is not null then
    perform switchboard_internal.owner_team_role(owner_id, team_id, false);
    return array[team_id];
  end if;
  if not exists (select 1 from switchboard.owners o where o.id = owner_id) then
    perform switchboard_internal.raise('not_found', format('no owner %s', owner_id), null);
  end if;
  return array(select e.id from switchboard.endpoints e where e.owner_id = owner_id);
end;
$$;
