-- owner_reaches: whether an owner reaches a todo of this scope. The rule of owner_scopes: an
-- endpoint it vended, or a team it is a member of. Reads only.
create or replace function switchboard_internal.owner_reaches(scope_id uuid, owner_id uuid)
returns boolean
language sql
stable
as $$
  select exists (select 1 from switchboard.endpoints e
                  where e.id = owner_reaches.scope_id and e.owner_id = owner_reaches.owner_id)
      or exists (select 1 from switchboard.team_members m
                  where m.team_id = owner_reaches.scope_id and m.owner_id = owner_reaches.owner_id);
$$;
