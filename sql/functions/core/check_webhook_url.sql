-- check_webhook_url: an owner-set webhook URL (dead-letter notify_url, endpoint doorbell_url): an absolute
-- https URL of at most 2048 bytes with a host; http too only when the setting webhook_allow_http is true
-- (local development). null passes (it clears the URL). Switchboard POSTs to it and never reads the answer.
-- Errors: invalid.
create or replace function switchboard_internal.check_webhook_url(url text)
returns void
language plpgsql
stable
as $$
begin
  if url is null then
    return;
  end if;
  if octet_length(url) > 2048
     or url !~ '^https?://[^/?#[:space:]@]+(/[^[:space:]]*)?$'
     or (url !~ '^https://' and not switchboard_internal.setting_bool('webhook_allow_http')) then
    perform switchboard_internal.raise('invalid', 'a webhook URL must be an absolute https URL of at most 2048 bytes, without user info',
                               'Use https://host/path; null clears it.');
  end if;
end;
$$;
comment on function switchboard_internal.check_webhook_url(text) is
  'Internal. Validates a webhook URL: absolute https (http only with setting webhook_allow_http), host without user info, <= 2048 bytes; null passes.';
