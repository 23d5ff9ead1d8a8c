-- notify_dead_letter: queues the notifications of a dead letter, in the transaction that made it.
-- Called when a todo's open attempt closed as a dead letter (fail or reap at the cap, revoke), by
-- the two transitions that dead-letter (end_attempt, reap_locked). A personal todo: one delivery
-- for the owner of the endpoint that added it, when that owner set a notify_url (sink owner). A
-- team todo: one delivery for each member of the team with a notify_url at this moment (sink
-- member, naming the member), and none for the adding endpoint's owner as such: that endpoint is
-- provenance, never authority, and every member owns the team's work. And one for the instance's
-- sink (SWITCHBOARD_NOTIFY_URL) only when a worker said at start that it has one (the setting
-- instance_dead_letter_sink: SQL cannot see the worker's environment). Each is a row of
-- switchboard.deliveries (todo, seq, sink, member) and a graphile_worker job carrying only that
-- row's id (queue_delivery_job: owed, not queued, while the notification queue is too full): the
-- worker reads the notice through the row (switchboard_worker.delivery), so it can read no other
-- todo, and a member removed before delivery is told nothing. A delivery exists if and only if the
-- dead letter committed.
create or replace function switchboard_internal.notify_dead_letter(todo_id uuid, seq integer, endpoint_id uuid)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_team uuid;
  v_notify_url text;
  v_sink text;
  v_delivery uuid;
begin
  select x.team_id into v_team from switchboard.todos x where x.id = todo_id;
  if v_team is null then
    select o.notify_url into v_notify_url
      from switchboard.endpoints e
      join switchboard.owners o on o.id = e.owner_id
     where e.id = endpoint_id;
  end if;
  foreach v_sink in array array['instance', 'owner'] loop
    continue when v_sink = 'instance' and not switchboard_internal.setting_bool('instance_dead_letter_sink');
    continue when v_sink = 'owner' and v_notify_url is null;
    insert into switchboard.deliveries (kind, todo_id, seq, sink) values ('dead_letter', todo_id, seq, v_sink)
    returning id into v_delivery;
    perform switchboard_internal.queue_delivery_job(v_delivery, 'dead_letter');
  end loop;
  if v_team is not null then
    -- Ordered by owner, so concurrent dead letters of one team queue their rows in one order. A dead letter is made
    -- once (its attempt closes once), and the unique index deliveries_member_key holds it to one row per member.
    for v_delivery in
      insert into switchboard.deliveries (kind, todo_id, seq, sink, owner_id)
      select 'dead_letter', todo_id, seq, 'member', m.owner_id
        from switchboard.team_members m
        join switchboard.owners o on o.id = m.owner_id
       where m.team_id = v_team and o.notify_url is not null
       order by m.owner_id
      returning id
    loop
      perform switchboard_internal.queue_delivery_job(v_delivery, 'dead_letter');
    end loop;
  end if;
end;
$$;
