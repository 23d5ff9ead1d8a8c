-- manages_endpoint: whether an owner manages an endpoint. The one rule for revoking, rotating,
-- clocking and configuring one. The owner that vended it, or an admin of the team it was vended in
-- (so a team's endpoints stay manageable when the admin that vended them leaves). Reads only.
create or replace function switchboard_internal.manages_endpoint(owner_id uuid, endpoint_owner_id uuid, endpoint_team_id uuid)
returns boolean
language sql
stable
as $$
  select manages_endpoint.endpoint_owner_id = manages_endpoint.owner_id
      or exists (select 1 from switchboard.team_members m
                  where m.team_id = manages_endpoint.endpoint_team_id and m.owner_id = manages_endpoint.owner_id
                    and m.role = 'admin');
$$;
