-- notify: pg_notify(channel, payload), unless the notification queue is too full to take it.
-- Nothing while PostgreSQL's queue is at least notify_queue_max_percent (50) full. Every NOTIFY of
-- Switchboard's goes through it: doorbells, A2A wakes and credential refusals are hints the server
-- can do without (a long poll ends at its deadline, a stream re-reads on its own, a cached
-- credential expires), while a NOTIFY into a full queue fails the transaction that sends it. Any
-- login may LISTEN and then sit in an open transaction, which stops the queue being trimmed, and
-- fill it with NOTIFYs of its own: then every add, release and revoke would fail. Never raises.
create or replace function switchboard_internal.notify(channel text, payload text)
returns void
language plpgsql
volatile
as $$
begin
  -- The setting's smallest value is 1 %: below that, the common case, the setting is not read.
  if pg_notification_queue_usage() < 0.01
     or pg_notification_queue_usage() * 100
        < switchboard_internal.int_of((select s.value from switchboard.settings s where s.key = 'notify_queue_max_percent'),
                                      50, 1, 100) then
    perform pg_notify(channel, payload);
  end if;
end;
$$;
