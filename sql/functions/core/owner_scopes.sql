-- owner_scopes: the scopes an owner reaches on the Board and through the owner_* API. Every
-- endpoint it vended (their personal todos) and every team it is a member of (the team's todos). A
-- team todo is reached only through membership, so removing a member ends its access in that
-- transaction, even to todos its own endpoints added. The one definition that every owner read and
-- every Board write reads. Reads only.
create or replace function switchboard_internal.owner_scopes(owner_id uuid)
returns setof uuid
language sql
stable
as $$
  select e.id from switchboard.endpoints e where e.owner_id = owner_scopes.owner_id
  union all
  select m.team_id from switchboard.team_members m where m.owner_id = owner_scopes.owner_id;
$$;
