-- set_endpoint_default_queue: an owner sets (or, with null, clears) an endpoint's default queue. It
-- is the queue a requester's A2A message goes to when it names none (a text-only message). Locks
-- the endpoint row. Returns {endpoint_id, default_queue}. Errors: not_found (not an endpoint of
-- this owner; another owner's looks the same), invalid (queue format).
--
-- endpoint_id: the endpoint (one the owner manages: it vended it, or it is an admin of its team).
-- queue: the default queue, 1-128 of letters, digits and _ . : / -; null: none.
--
-- Example: select switchboard.set_endpoint_default_queue(owner_id => '<owner_id>',
--   endpoint_id => '<endpoint_id>', queue => 'builds');
create or replace function switchboard.set_endpoint_default_queue(owner_id uuid, endpoint_id uuid, queue text)
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
  if queue is not null then
    perform switchboard_internal.check_queue(queue);
  end if;
  update switchboard.endpoints e set default_queue = queue
   where e.id = endpoint_id and switchboard_internal.manages_endpoint(owner_id, e.owner_id, e.team_id)
  returning e.* into v_e;
  if not found then
    perform switchboard_internal.raise('not_found', format('no endpoint %s in this scope', endpoint_id),
                               'list_endpoints shows the endpoints you vended.');
  end if;
  return jsonb_build_object('endpoint_id', v_e.id, 'default_queue', v_e.default_queue);
end;
$$;
