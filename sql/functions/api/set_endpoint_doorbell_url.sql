-- set_endpoint_doorbell_url: an owner sets (or, with null, clears) the webhook doorbell of one of its
--   endpoints: when a todo of that endpoint becomes claimable, the worker POSTs {"queue": ...} there, one
--   delivery per burst per queue. Locks the endpoint row. Returns {endpoint_id, doorbell_url}.
--   Errors: not_found (not an endpoint of this owner; another owner's looks the same), invalid (URL).
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
   where e.id = endpoint_id and e.owner_id = owner_id
  returning e.* into v_e;
  if not found then
    perform switchboard_internal.raise('not_found', format('no endpoint %s in this scope', endpoint_id),
                               'list_endpoints shows the endpoints you vended.');
  end if;
  return jsonb_build_object('endpoint_id', v_e.id, 'doorbell_url', v_e.doorbell_url);
end;
$$;
comment on function switchboard.set_endpoint_doorbell_url(uuid, uuid, text) is
$$set_endpoint_doorbell_url(owner_id, endpoint_id, url null = clear) -> {endpoint_id, doorbell_url}. When a todo of the endpoint
becomes claimable, the worker POSTs {"queue": ...} to the URL (one delivery per burst and queue, retried with backoff).
https only (http with setting webhook_allow_http). Errors: not_found (not this owner's endpoint), invalid (URL).$$;
