-- on_attempt_closed: trigger on todos, fired when a todo's open attempt (its head, migration 000010) closes as a
-- dead letter (fail or reap at the cap, revoke), in the same transaction: enqueues the notification with graphile_worker.add_job, one for the
-- owner's notify_url when set, and one for the instance's sink (SWITCHBOARD_NOTIFY_URL) only when a worker said at
-- start that it has one (the setting instance_dead_letter_sink: SQL cannot see the worker's environment). A job
-- exists iff the dead letter committed. Its payload holds ids only (todo_id, seq, sink); the worker reads the
-- notice with dead_letter_notice(), the instance's without any tenant text.
-- Counting closes in attempt_close_counts is not done here but by the statement that closes (open_attempt's
-- takeover, end_held, end_attempt, reap_locked), as one more arm of it: a row trigger on every completion cost
-- ~25 % of a complete's backend CPU (bench/ab.ts, 2026-12-01), the arm a few per cent. Its WHEN keeps every
-- other close, heartbeats and opens from calling it at all.
create or replace function switchboard_internal.on_attempt_closed()
returns trigger
language plpgsql
volatile
as $$
-- @plpgsql_check_options: relid = switchboard.todos
declare
  v_notify_url text;
  v_max_attempts integer;
begin
  if new.head_disposition = 'dead_lettered' then
    select o.notify_url into v_notify_url
      from switchboard.endpoints e
      join switchboard.owners o on o.id = e.owner_id
     where e.id = new.endpoint_id;
    v_max_attempts := switchboard_internal.setting_int('notify_max_attempts', 12, 1, 100);
    if switchboard_internal.setting_bool('instance_dead_letter_sink') then
      perform graphile_worker.add_job('switchboard_dead_letter',
                json_build_object('todo_id', new.id, 'seq', new.last_seq, 'sink', 'instance'),
                max_attempts => v_max_attempts);
    end if;
    if v_notify_url is not null then
      perform graphile_worker.add_job('switchboard_dead_letter',
                json_build_object('todo_id', new.id, 'seq', new.last_seq, 'sink', 'owner'),
                max_attempts => v_max_attempts);
    end if;
  end if;
  return null;
end;
$$;
comment on function switchboard_internal.on_attempt_closed() is
$$Internal trigger (todos, after the open attempt closes as a dead letter): enqueues the notification jobs (graphile_worker.add_job) in the same transaction: the owner's when notify_url is set, the instance's when a worker has a sink.$$;

-- The trigger is (re)created only when its definition changed (the definition is kept as its comment), so
-- re-applying the function files takes no lock on todos. UPDATE OF head_ended_at and the WHEN keep every other
-- update (claims, heartbeats, every close but a dead letter) from calling the function at all.
do $$
declare
  v_def text := 'create or replace trigger todos_attempt_dead_lettered after update of head_ended_at on switchboard.todos '
             || 'for each row when (old.head_ended_at is null and new.head_ended_at is not null and new.head_disposition = ''dead_lettered'') '
             || 'execute function switchboard_internal.on_attempt_closed()';
begin
  if obj_description((select g.oid from pg_trigger g where g.tgrelid = 'switchboard.todos'::regclass
                        and g.tgname = 'todos_attempt_dead_lettered'), 'pg_trigger') is distinct from v_def then
    execute v_def;
    execute format('comment on trigger todos_attempt_dead_lettered on switchboard.todos is %L', v_def);
  end if;
end
$$;
