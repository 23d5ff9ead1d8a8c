-- set_endpoint_doorbell_url: an owner sets, or clears, the webhook doorbell of one of its
-- endpoints. When a todo of that endpoint becomes claimable, the worker POSTs {"event":
-- "todo_claimable", "queue": …} there, one delivery per endpoint and queue however many todos
-- arrive before it runs, retried with backoff. Locks the endpoint row. Returns {endpoint_id,
-- doorbell_url}. Errors: not_found (not an endpoint this owner manages; another owner's looks the
-- same), invalid (the URL).
--
-- endpoint_id: the endpoint to ring (one the owner manages: it vended it, or it is an admin of its
--   team).
-- url: an absolute https URL, at most 2048 bytes (http too with the setting webhook_allow_http);
--   null clears it.
--
-- Example: select switchboard.set_endpoint_doorbell_url(owner_id => '<owner_id>',
--   endpoint_id => '<endpoint_id>', url => 'https://agent.example/wake');
create or replace function switchboard.set_endpoint_doorbell_url(owner_id uuid, endpoint_id uuid, url text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_e switchboard.endpoints;
begin
  perform switchboard_internal.check_webhook_url(url);
  update switchboard.endpoints e set doorbell_url = url
   where e.id = endpoint_id and switchboard_internal.manages_endpoint(owner_id, e.owner_id, e.team_id)
  returning e.* into v_e;
  if not found then
    perform switchboard_internal.raise('not_found', format('no endpoint %s in this scope', endpoint_id),
                               'list_endpoints shows the endpoints you vended.');
  end if;
  return jsonb_build_object('endpoint_id', v_e.id, 'doorbell_url', v_e.doorbell_url);
end;
$$;
