-- notify_dead_letter: queues the notifications of a dead letter, in the transaction that made it.
-- Called when a todo's open attempt closed as a dead letter (fail or reap at the cap, revoke), by
-- the two transitions that dead-letter (end_attempt, reap_locked): one delivery for the owner's
-- notify_url when set, and one for the instance's sink (SWITCHBOARD_NOTIFY_URL) only when a worker
-- said at start that it has one (the setting instance_dead_letter_sink: SQL cannot see the worker's
-- environment). Each is a row of switchboard.deliveries (todo, seq, sink) and a graphile_worker job
-- carrying only that row's id: the worker reads the notice through the row
-- (switchboard_worker.delivery), so it can read no other todo. A delivery exists if and only if the
-- dead letter committed.
create or replace function switchboard_internal.notify_dead_letter(todo_id uuid, seq integer, endpoint_id uuid)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_notify_url text;
  v_max_attempts integer;
  v_sink text;
  v_delivery uuid;
begin
  select o.notify_url into v_notify_url
    from switchboard.endpoints e
    join switchboard.owners o on o.id = e.owner_id
   where e.id = endpoint_id;
  v_max_attempts := switchboard_internal.setting_int('notify_max_attempts', 12, 1, 100);
  foreach v_sink in array array['instance', 'owner'] loop
    continue when v_sink = 'instance' and not switchboard_internal.setting_bool('instance_dead_letter_sink');
    continue when v_sink = 'owner' and v_notify_url is null;
    insert into switchboard.deliveries (kind, todo_id, seq, sink) values ('dead_letter', todo_id, seq, v_sink)
    returning id into v_delivery;
    perform graphile_worker.add_job('switchboard_dead_letter', json_build_object('delivery_id', v_delivery),
                                    max_attempts => v_max_attempts);
  end loop;
end;
$$;
