-- set_owner_notify_url: an owner sets (or, with null, clears) the webhook that receives a notification for
--   every dead letter among its todos, besides the instance's SWITCHBOARD_NOTIFY_URL. Locks the owner row.
--   Returns {owner_id, notify_url}. Errors: not_found (no such owner), invalid (URL: see _check_webhook_url).
create or replace function switchboard.set_owner_notify_url(owner_id uuid, url text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_o switchboard.owners;
begin
  perform switchboard_internal.check_webhook_url(url);
  update switchboard.owners o set notify_url = url where o.id = owner_id returning o.* into v_o;
  if not found then
    perform switchboard_internal.raise('not_found', format('no owner %s', owner_id), null);
  end if;
  return jsonb_build_object('owner_id', v_o.id, 'notify_url', v_o.notify_url);
end;
$$;
comment on function switchboard.set_owner_notify_url(uuid, text) is
$$set_owner_notify_url(owner_id, url null = clear) -> {owner_id, notify_url}. The owner's dead-letter webhook: every dead letter of
its todos is POSTed there (as to SWITCHBOARD_NOTIFY_URL), retried with backoff by the worker. https only (http with setting
webhook_allow_http). Errors: not_found (no such owner), invalid (URL).$$;
