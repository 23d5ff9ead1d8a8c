-- queue_scope: the scope a queue name means for an endpoint. Its team's when the endpoint was
-- vended in a team and the team made that name a team queue, else the endpoint's own (its own too
-- without a queue). add_todo files into it and claim_next with a queue picks from it. A
-- set-returning SQL function of one row, joined laterally where it is read, so the planner inlines
-- it (sub-select and all) and a personal endpoint reads no team queue. Reads only.
create or replace function switchboard_internal.queue_scope(endpoint_id uuid, team_id uuid, queue text)
returns table (scope_id uuid)
language sql
stable
as $$
  select case when queue_scope.team_id is null or queue_scope.queue is null then queue_scope.endpoint_id
              else coalesce((select q.team_id from switchboard.team_queues q
                              where q.team_id = queue_scope.team_id and q.queue = queue_scope.queue),
                            queue_scope.endpoint_id) end;
$$;
