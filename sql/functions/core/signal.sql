-- signal: NOTIFY channel with signal_payload(channel, subjects), in the caller's transaction. It is
-- delivered when it commits: a signal naming its subjects by opaque tags, stamped and
-- authenticated. Identical signals of one transaction are folded into one by Postgres. Sent through
-- notify, so none while the notification queue is too full (notify_queue_max_percent). Never
-- raises.
create or replace function switchboard_internal.signal(channel text, subjects text[])
returns void
language sql
volatile
as $$
  select switchboard_internal.notify(channel, switchboard_internal.signal_payload(channel, subjects));
$$;
