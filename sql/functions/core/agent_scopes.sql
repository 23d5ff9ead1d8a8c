-- agent_scopes: the scopes an endpoint reaches, as an array: itself, then its team when it was
-- vended in one. The same rule as agent_reaches, for the reads that list a scope at a time (each
-- scope is one ordered index range: a list merges them rather than sorting every todo). Reads only.
create or replace function switchboard_internal.agent_scopes(endpoint_id uuid)
returns uuid[]
language sql
stable
as $$
  select array_remove(array[e.id, e.team_id], null) from switchboard.endpoints e where e.id = agent_scopes.endpoint_id;
$$;
