-- manages_endpoint: whether an owner manages an endpoint. The one rule for revoking, rotating,
-- clocking and configuring one. A personal endpoint: the owner that vended it. A team endpoint: an
-- admin of its team, or the owner that vended it while it is still a member of that team (a removed
-- member manages nothing of the team's; its team endpoints are revoked as it is removed). Reads
-- only.
create or replace function switchboard_internal.manages_endpoint(owner_id uuid, endpoint_owner_id uuid, endpoint_team_id uuid)
returns boolean
language sql
stable
as $$
  select case when manages_endpoint.endpoint_team_id is null
              then manages_endpoint.endpoint_owner_id = manages_endpoint.owner_id
              else exists (select 1 from switchboard.team_members m
                            where m.team_id = manages_endpoint.endpoint_team_id
                              and m.owner_id = manages_endpoint.owner_id
                              and (m.role = 'admin' or manages_endpoint.endpoint_owner_id = manages_endpoint.owner_id))
         end;
$$;
