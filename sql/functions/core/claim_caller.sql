-- claim_caller: what claim_next reads about its caller before it picks. One place for both of its
-- pick statements: the authorized endpoint's agent_id (authorized_endpoint with the verb
-- claim_next; no row when it is unknown, revoked or not vended claim_next), whether it has a claim
-- budget (an endpoint_admission row: open_attempt then charges it), the stored
-- default_lease_seconds setting, the endpoint's team (null: a personal endpoint), and the scope the
-- queue names for it (queue_scope: its team's for a team queue, else its own; its own without a
-- queue). Inlined into the pick statement, so it costs what the join written out would. Reads only.
create or replace function switchboard_internal.claim_caller(endpoint_id uuid, queue text)
returns table (agent_id text, budgeted boolean, stored_lease text, team_id uuid, scope_id uuid)
language sql
stable
as $$
  select e.agent_id,
         exists (select 1 from switchboard.endpoint_admission b where b.endpoint_id = e.id),
         (select s.value from switchboard.settings s where s.key = 'default_lease_seconds'),
         e.team_id,
         qs.scope_id
    from switchboard_internal.authorized_endpoint(claim_caller.endpoint_id, 'claim_next') e
   cross join lateral switchboard_internal.queue_scope(e.id, e.team_id, claim_caller.queue) qs;
$$;
