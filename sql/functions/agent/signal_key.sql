-- signal_key (agent): the key of Switchboard's doorbell signals, for the server that listens. With
-- it the server finds its waiters by their opaque tags and checks each ring's MAC, so a NOTIFY from
-- any other login of the database is recognised as forged and ignored. Only logins holding
-- switchboard_agent (the server's) read it. Reads only. Returns the key (bytea). Errors: none.
create or replace function switchboard_agent.signal_key()
returns bytea
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select k.key from switchboard_internal.signal_key k;
$$;
