-- authorized_endpoint: the one rule that authorizes an agent verb for an endpoint. Its row when it
-- exists, is not revoked, and its frozen verb set holds the verb (verb_held); no row otherwise.
-- Every agent-path verb reads it: the one-statement paths (end_held's WHERE, claim_caller for
-- claim_next) join it, and agent() runs it first on the long way and only then looks at the row
-- again to say why it refused. A set-returning SQL function with one SELECT, so the planner inlines
-- it where it is joined: it costs what the join written out would. Reads only.
create or replace function switchboard_internal.authorized_endpoint(endpoint_id uuid, verb text)
returns setof switchboard.endpoints
language sql
stable
as $$
  select e.* from switchboard.endpoints e
   where e.id = authorized_endpoint.endpoint_id and e.revoked_at is null
     and switchboard_internal.verb_held(e.verbs, authorized_endpoint.verb);
$$;
