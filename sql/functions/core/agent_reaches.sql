-- agent_reaches: the one rule for which todos an endpoint reaches. Its own scope (todos it added to
-- a personal queue, scope_id = the endpoint) and its team's (scope_id = the team it was vended in).
-- A claimer's endpoint never widens it: the todo's scope decides (ADR-0039). Every agent-path read
-- and transition puts it in its WHERE; a SQL function with one expression, so the planner inlines
-- it, and the team is read only for a todo that is not the endpoint's own. Reads only.
create or replace function switchboard_internal.agent_reaches(scope_id uuid, endpoint_id uuid)
returns boolean
language sql
stable
as $$
  select agent_reaches.scope_id = agent_reaches.endpoint_id
      or agent_reaches.scope_id = (select e.team_id from switchboard.endpoints e where e.id = agent_reaches.endpoint_id);
$$;
