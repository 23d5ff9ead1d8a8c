-- agent_reaches: the one rule for which todos an endpoint reaches. Its own scope (todos it added to
-- a personal queue: scope_id = the endpoint) and its team's (scope_id = the team it was vended in,
-- null for a personal endpoint). A claimer's endpoint never widens it: the todo's scope decides
-- (ADR-0039). The caller passes the endpoint's id and team from the endpoint row its statement
-- joins anyway (authorized_endpoint on the one-statement paths), so the body is one expression with
-- no sub-select, which the planner inlines: a personal cycle pays one comparison for teams. Reads
-- only.
create or replace function switchboard_internal.agent_reaches(scope_id uuid, endpoint_id uuid, endpoint_team_id uuid)
returns boolean
language sql
immutable
as $$
  select agent_reaches.scope_id = agent_reaches.endpoint_id or agent_reaches.scope_id = agent_reaches.endpoint_team_id;
$$;
