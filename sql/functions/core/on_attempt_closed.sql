-- on_attempt_closed: trigger on todo_attempts, fired by every transition that closes an attempt (complete,
-- fail, release, a takeover, reap, cancel, revoke, the Board's own verbs, a DBA's psql call alike), in the
-- same transaction:
--   * counts it in attempt_close_counts (queue, outcome), in the shard of this backend (pid % 16), so
--     concurrent closers rarely share a row and the counter never depends on attempts surviving retention;
--   * when the todo dead-lettered (disposition dead_lettered: fail or reap at the cap, revoke), enqueues the
--     notification with graphile_worker.add_job: one for the owner's notify_url when set, and one for the
--     instance's sink (SWITCHBOARD_NOTIFY_URL) only when a worker said at start that it has one (the setting
--     instance_dead_letter_sink: SQL cannot see the worker's environment). A job exists iff the dead letter
--     committed. Its payload holds ids only (todo_id, seq, sink); the worker reads the notice with
--     dead_letter_notice(), the instance's without any tenant text.
-- The trigger's WHEN (ended_at null -> set) keeps heartbeats and opens from calling it at all.
create or replace function switchboard_internal.on_attempt_closed()
returns trigger
language plpgsql
volatile
as $$
-- @plpgsql_check_options: relid = switchboard.todo_attempts
declare
  v_queue text;
  v_shard smallint := (pg_backend_pid() % 16)::smallint;
  v_notify_url text;
  v_max_attempts integer;
begin
  -- This runs on every completion: a plain update of the existing row is the cheap path (one statement, the
  -- todo's queue read inside it); the insert (racing another backend of the same shard at most once per queue
  -- and outcome) only for a new combination. A bulk closer (reap) counts its whole batch itself, once per
  -- queue, and says so with switchboard.close_counting = 'caller' for the length of its statement.
  if current_setting('switchboard.close_counting', true) is distinct from 'caller' then
    update switchboard.attempt_close_counts c set n = c.n + 1
     where c.queue = (select x.queue from switchboard.todos x where x.id = new.todo_id)
       and c.outcome = new.outcome and c.shard = v_shard;
    if not found then
      select x.queue into v_queue from switchboard.todos x where x.id = new.todo_id;
      insert into switchboard.attempt_close_counts as c (queue, outcome, shard, n)
      values (v_queue, new.outcome, v_shard, 1)
      on conflict (queue, outcome, shard) do update set n = c.n + 1;
    end if;
  end if;

  if new.disposition = 'dead_lettered' then
    select o.notify_url into v_notify_url
      from switchboard.todos x
      join switchboard.endpoints e on e.id = x.endpoint_id
      join switchboard.owners o on o.id = e.owner_id
     where x.id = new.todo_id;
    v_max_attempts := switchboard_internal.setting_int('notify_max_attempts', 12, 1, 100);
    if switchboard_internal.setting_bool('instance_dead_letter_sink') then
      perform graphile_worker.add_job('switchboard_dead_letter',
                json_build_object('todo_id', new.todo_id, 'seq', new.seq, 'sink', 'instance'),
                max_attempts => v_max_attempts);
    end if;
    if v_notify_url is not null then
      perform graphile_worker.add_job('switchboard_dead_letter',
                json_build_object('todo_id', new.todo_id, 'seq', new.seq, 'sink', 'owner'),
                max_attempts => v_max_attempts);
    end if;
  end if;
  return null;
end;
$$;
comment on function switchboard_internal.on_attempt_closed() is
$$Internal trigger (todo_attempts, after an attempt closes): counts the close in attempt_close_counts by queue and outcome
(sharded by backend pid), and on a dead letter enqueues the notification jobs (graphile_worker.add_job) in the same transaction: the owner's when notify_url is set, the instance's when a worker has a sink.$$;

-- The trigger is (re)created only when its definition changed (the definition is kept as its comment), so
-- re-applying the function files takes no lock on todo_attempts.
do $$
declare
  v_def text := 'create or replace trigger todo_attempts_closed after update of ended_at on switchboard.todo_attempts '
             || 'for each row when (old.ended_at is null and new.ended_at is not null) '
             || 'execute function switchboard_internal.on_attempt_closed()';
begin
  if obj_description((select g.oid from pg_trigger g where g.tgrelid = 'switchboard.todo_attempts'::regclass
                        and g.tgname = 'todo_attempts_closed'), 'pg_trigger') is distinct from v_def then
    execute v_def;
    execute format('comment on trigger todo_attempts_closed on switchboard.todo_attempts is %L', v_def);
  end if;
end
$$;
