-- webhook_target: where the worker delivers a queued webhook job, read at delivery time so a changed or
--   cleared URL applies to jobs still queued. kind 'owner_notify': the notify_url of the owner of todo id;
--   kind 'endpoint_doorbell': the doorbell_url of endpoint id. null when none is set (or the todo is gone).
--   Reads only. Errors: invalid (unknown kind).
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
comment on function switchboard.webhook_target(text, uuid) is
$$webhook_target(kind, id) -> URL or null. owner_notify: the notify_url of the owner of todo id; endpoint_doorbell: the doorbell_url
of endpoint id (null once revoked). Read by the worker at delivery time. Errors: invalid (unknown kind).$$;
