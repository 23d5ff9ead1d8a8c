-- a2a_send (agent): switchboard.a2a_send for the endpoint the bearer credential names (the /a2a
-- surface's SendMessage). The credential is digested inside the statement that runs the verb, so a
-- revoked credential is refused at its next call. Returns what switchboard.a2a_send returns.
-- Errors: forbidden (an unknown, expired or revoked credential, or without add_todo), then those of
-- switchboard.a2a_send.
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
