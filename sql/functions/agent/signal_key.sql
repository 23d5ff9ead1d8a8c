-- signal_key (agent): the key of Switchboard's NOTIFY signals, for the server that listens to them (the doorbell of
-- long polls, revoked credentials): with it the server finds its waiters by their opaque tags and checks each signal's
-- MAC, so a NOTIFY from any other login of the database is recognised as forged and ignored. Only logins holding
-- switchboard_agent (the server's) read it. Reads only. Never raises.
create or replace function switchboard_agent.signal_key()
returns bytea
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select k.key from switchboard_internal.signal_key k;
$$;
comment on function switchboard_agent.signal_key() is
$$signal_key() -> bytea. The HMAC key of Switchboard's NOTIFY signals (switchboard_doorbell, switchboard_credentials_refused), for the
server that checks them. Never raises.$$;
