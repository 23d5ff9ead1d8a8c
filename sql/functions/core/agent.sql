-- agent: authorizes a verb for an endpoint on the agent path's long way and returns its agent_id.
-- The rule is authorized_endpoint's (exists, not revoked, holds the verb; get_todo is also granted
-- by list_todos), which the one-statement paths read too; this only explains a refusal, the message
-- saying which of the two it was. Errors: forbidden (an unknown or revoked endpoint with DETAIL
-- {"credential": "refused"}, as refuse_credential raises it; a verb not vended without).
create or replace function switchboard_internal.agent(endpoint_id uuid, verb text)
returns text
language plpgsql
stable
as $$
#variable_conflict use_variable
declare
  v_agent text;
  v_live boolean;
begin
  select e.agent_id into v_agent from switchboard_internal.authorized_endpoint(endpoint_id, verb) e;
  if v_agent is not null then
    return v_agent;
  end if;
  select e.revoked_at is null into v_live from switchboard.endpoints e where e.id = endpoint_id;
  if v_live then
    perform switchboard_internal.raise('forbidden', format('this endpoint was not vended the verb %s', verb),
                               'An endpoint''s verbs are frozen when it is vended; ask the owner for an endpoint that holds this verb.');
  end if;
  perform switchboard_internal.refuse_credential('this endpoint is unknown or revoked');
  return null;
end;
$$;
