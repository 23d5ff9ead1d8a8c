-- presence_endpoint: which owner may clock an endpoint in or out from the Board and the CLI. The
-- rule is manages_endpoint's: the owner that vended it, or an admin of the team it was vended in.
-- Returns the endpoint id. Errors: not_found (no such endpoint among those the owner may clock:
-- another owner's endpoint answers exactly as an unknown one).
create or replace function switchboard_internal.presence_endpoint(owner_id uuid, endpoint_id uuid)
returns uuid
language plpgsql
stable
as $$
#variable_conflict use_variable
declare
  v_id uuid;
begin
  select e.id into v_id from switchboard.endpoints e
   where e.id = endpoint_id
     and switchboard_internal.manages_endpoint(owner_id, e.owner_id, e.team_id);
  if v_id is null then
    perform switchboard_internal.raise('not_found', format('no endpoint %s in this scope', endpoint_id),
                                       'list_endpoints shows the endpoints you vended.');
  end if;
  return v_id;
end;
$$;
