-- set_owner_notify_url: an owner sets, or clears, the webhook told of every dead letter among its
-- todos. Besides the instance's SWITCHBOARD_NOTIFY_URL; the worker POSTs the notice with the final
-- attempt in full, retried with backoff. Locks the owner row. Returns {owner_id, notify_url}.
-- Errors: not_found (no such owner), invalid (the URL).
--
-- url: an absolute https URL, at most 2048 bytes (http too with the setting webhook_allow_http);
--   null clears it.
--
-- Example: select switchboard.set_owner_notify_url(owner_id => '<owner_id>',
--   url => 'https://hooks.example/switchboard');
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
