-- webhook_target: where the worker delivers a queued webhook job, read at delivery time. So a
-- changed or cleared URL applies to jobs still queued. Reads only. Returns the URL, or null when
-- none is set (or the todo is gone, or the endpoint revoked). Errors: invalid (an unknown kind).
--
-- kind: owner_notify (the notify_url of the owner of todo id) or endpoint_doorbell (the
--   doorbell_url of endpoint id).
-- id: the todo (owner_notify) or the endpoint (endpoint_doorbell).
--
-- Example: select switchboard.webhook_target(kind => 'endpoint_doorbell', id => '<endpoint_id>');
create or replace function switchboard.webhook_target(kind text, id uuid)
returns text
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_url text;
begin
  case kind
    when 'owner_notify' then
      select o.notify_url into v_url
        from switchboard.todos x
        join switchboard.endpoints e on e.id = x.endpoint_id
        join switchboard.owners o on o.id = e.owner_id
       where x.id = id;
    when 'endpoint_doorbell' then
      select e.doorbell_url into v_url from switchboard.endpoints e where e.id = id and e.revoked_at is null;
    else
      perform switchboard_internal.raise('invalid', 'kind must be owner_notify or endpoint_doorbell', null);
  end case;
  return v_url;
end;
$$;
