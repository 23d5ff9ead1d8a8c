-- notify_dead_letter: queues the notifications of a dead letter, in the transaction that made it.
-- Called when a todo's open attempt closed as a dead letter (fail or reap at the cap, revoke), by
-- the two transitions that dead-letter (end_attempt, reap_locked): one graphile_worker job for the
-- owner's notify_url when set, and one for the instance's sink (SWITCHBOARD_NOTIFY_URL) only when a
-- worker said at start that it has one (the setting instance_dead_letter_sink: SQL cannot see the
-- worker's environment). A job exists if and only if the dead letter committed. Its payload holds
-- ids only (todo_id, seq, sink); the worker reads the notice with dead_letter_notice(), the
-- instance's without any tenant text.
create or replace function switchboard_internal.notify_dead_letter(todo_id uuid, seq integer, endpoint_id uuid)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_notify_url text;
  v_max_attempts integer;
begin
  select o.notify_url into v_notify_url
    from switchboard.endpoints e
    join switchboard.owners o on o.id = e.owner_id
   where e.id = endpoint_id;
  v_max_attempts := switchboard_internal.setting_int('notify_max_attempts', 12, 1, 100);
  if switchboard_internal.setting_bool('instance_dead_letter_sink') then
    perform graphile_worker.add_job('switchboard_dead_letter',
              json_build_object('todo_id', todo_id, 'seq', seq, 'sink', 'instance'),
              max_attempts => v_max_attempts);
  end if;
  if v_notify_url is not null then
    perform graphile_worker.add_job('switchboard_dead_letter',
              json_build_object('todo_id', todo_id, 'seq', seq, 'sink', 'owner'),
              max_attempts => v_max_attempts);
  end if;
end;
$$;
