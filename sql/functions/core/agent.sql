-- agent: authorizes a verb for an endpoint and returns the endpoint's agent_id. The endpoint must
-- exist, not be revoked, and hold the verb in its frozen set (get_todo is also granted by
-- list_todos). Errors: forbidden.
create or replace function switchboard_internal.agent(endpoint_id uuid, verb text)
returns text
language plpgsql
stable
as $$
declare
  v_agent text;
  v_verbs text[];
  v_revoked timestamptz;
begin
  select e.agent_id, e.verbs, e.revoked_at into v_agent, v_verbs, v_revoked
  from switchboard.endpoints e where e.id = agent.endpoint_id;
  if v_agent is null or v_revoked is not null then
    perform switchboard_internal.raise('forbidden', 'this endpoint is unknown or revoked',
                               'Ask the owner to vend a new endpoint credential.');
  end if;
  if not switchboard_internal.verb_held(v_verbs, verb) then
    perform switchboard_internal.raise('forbidden', format('this endpoint was not vended the verb %s', verb),
                               'An endpoint''s verbs are frozen when it is vended; ask the owner for an endpoint that holds this verb.');
  end if;
  return v_agent;
end;
$$;
