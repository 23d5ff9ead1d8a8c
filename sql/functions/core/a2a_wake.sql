-- a2a_wake: a todo filed over A2A changed where its requester can see it (claimed, closed,
-- re-queued, canceled). NOTIFY switchboard_a2a with the filing endpoint's opaque wake key, in the
-- caller's transaction (delivered at commit, folded with identical ones of the same transaction).
-- No todo id, endpoint id or text: any login may LISTEN, so a wake is only a hint for the server to
-- re-read its streams through their credentials. The transitions call it only when the todo's
-- a2a_wake_key is set, so a todo filed over MCP pays one null test and no NOTIFY.
create or replace function switchboard_internal.a2a_wake(wake_key text)
returns void
language plpgsql
volatile
as $$
begin
  if wake_key is not null then
    perform switchboard_internal.notify('switchboard_a2a', wake_key);
  end if;
end;
$$;
