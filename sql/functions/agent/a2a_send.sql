-- a2a_send (agent): switchboard.a2a_send for the endpoint the caller's bearer credential names (the /a2a surface's
-- SendMessage). The credential is digested here, inside the statement that runs the verb, so a connection holding
-- switchboard_agent and no valid credential can do nothing; an unknown, expired or revoked credential, or a verb
-- outside the endpoint's frozen set (add_todo), is forbidden. Everything else is switchboard.a2a_send's.
create or replace function switchboard_agent.a2a_send(
  credential text,
  message_id text,
  context_id text,
  message jsonb,
  queue text default null,
  payload jsonb default '{}',
  title text default null,
  routing jsonb default '{}',
  priority integer default 0,
  max_attempts integer default null,
  run_at timestamptz default null,
  history_length integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.a2a_send(switchboard_internal.agent_endpoint(credential), message_id, context_id, message, queue, payload,
                              title, routing, priority, max_attempts, run_at, history_length);
end;
$$;
comment on function switchboard_agent.a2a_send(text, text, text, jsonb, text, jsonb, text, jsonb, integer, integer, timestamptz, integer) is
$$a2a_send(credential, message_id, context_id, message, queue, payload, title, routing, priority, max_attempts, run_at, history_length)
-> {task, wake_key, created}. As switchboard.a2a_send, for the endpoint the credential names. Errors: forbidden (unknown, expired or
revoked credential; add_todo not vended), then those of switchboard.a2a_send.$$;
