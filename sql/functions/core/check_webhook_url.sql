-- check_webhook_url: refuses an owner-set webhook URL that is not absolute https. Dead-letter
-- notify_url and endpoint doorbell_url: at most 2048 bytes, with a host and no user info; http too
-- only when the setting webhook_allow_http is true (local development). null passes (it clears the
-- URL). Switchboard POSTs to it and never reads the answer. Errors: invalid.
create or replace function switchboard_internal.check_webhook_url(url text)
returns void
language plpgsql
stable
as $$
begin
  if url is null then
    return;
  end if;
  if octet_length(url) > switchboard_internal.limit_of('webhook_url_bytes')
     or url !~ '^https?://[^/?#[:space:]@]+(/[^[:space:]]*)?$'
     or (url !~ '^https://' and not switchboard_internal.setting_bool('webhook_allow_http')) then
    perform switchboard_internal.raise('invalid', 'a webhook URL must be an absolute https URL of at most 2048 bytes, without user info',
                               'Use https://host/path; null clears it.');
  end if;
end;
$$;
