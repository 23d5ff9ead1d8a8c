-- add_todo (agent): switchboard.add_todo for the endpoint that the bearer credential names. The
-- credential is digested inside the statement that runs the verb, so a connection holding
-- switchboard_agent and no valid credential can do nothing. Returns what switchboard.add_todo
-- returns. Errors: forbidden (an unknown, expired or revoked credential, or a verb outside the
-- endpoint's frozen set), then those of switchboard.add_todo.
create or replace function switchboard_agent.add_todo(
  credential text,
  queue text,
  payload jsonb default '{}',
  title text default null,
  routing jsonb default '{}',
  priority integer default 0,
  max_attempts integer default null,
  run_at timestamptz default null,
  idempotency_key text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.add_todo(switchboard_internal.agent_endpoint(credential), queue, payload, title, routing, priority, max_attempts, run_at, idempotency_key);
end;
$$;
