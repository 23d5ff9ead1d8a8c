-- notify: pg_notify(channel, payload), unless the notification queue is too full to take it.
-- Nothing while PostgreSQL's queue is at least notify_queue_max_percent (50) full (notify_room).
-- Every NOTIFY of Switchboard's goes through it: doorbells, A2A wakes and credential refusals are
-- hints the server can do without (a long poll ends at its deadline, a stream re-reads on its own,
-- a cached credential expires), while a NOTIFY into a full queue fails the transaction that sends
-- it. Any login may LISTEN and then sit in an open transaction, which stops the queue being
-- trimmed, and fill it with NOTIFYs of its own: then every add, release and revoke would fail.
-- Never raises.
create or replace function switchboard_internal.notify(channel text, payload text)
returns void
language plpgsql
volatile
as $$
begin
  if switchboard_internal.notify_room() then
    perform pg_notify(channel, payload);
  end if;
end;
$$;
