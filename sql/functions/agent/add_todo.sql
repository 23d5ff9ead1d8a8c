-- add_todo (agent): switchboard.add_todo for the endpoint the caller's bearer credential names. The credential is
-- digested here, inside the statement that runs the verb, so a connection holding switchboard_agent and no valid
-- credential can do nothing; an unknown, expired or revoked credential, or a verb outside the endpoint's frozen
-- set, is forbidden. Everything else (arguments, document, errors) is switchboard.add_todo's.
create or replace function switchboard_agent.add_todo(
  credential text,
  queue text,
  payload jsonb default '{}',
  title text default null,
  routing jsonb default '{}',
  priority integer default 0,
  max_attempts integer default null,
  run_at timestamptz default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  return switchboard.add_todo(switchboard_internal.agent_endpoint(credential), queue, payload, title, routing, priority, max_attempts, run_at);
end;
$$;
comment on function switchboard_agent.add_todo(text, text, jsonb, text, jsonb, integer, integer, timestamptz) is
$$add_todo(credential, queue, payload '{}', title, routing '{}', priority 0, max_attempts, run_at) -> todo.
As switchboard.add_todo, for the endpoint the credential names. Errors: forbidden (unknown, expired or revoked credential; verb not
vended), then those of switchboard.add_todo.$$;
