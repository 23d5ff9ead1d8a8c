-- on_todo_claimable: trigger on todos, fired when a todo becomes claimable now: inserted ready (add_todo),
-- or updated so that ready_at is set and due while it was not before or the state changed (release, reap
-- below the cap, requeue_due_retries, retry_now, a fail whose retry is due at once). In the same transaction:
--   * rings the doorbell: pg_notify('switchboard_doorbell', '{"queue": "<queue>"}'). Only the queue name,
--     never an id or user text; Postgres folds identical notifications of one transaction into one, so a
--     reap of a thousand todos of one queue rings once;
--   * when the todo's endpoint has a doorbell_url, enqueues its webhook delivery (graphile_worker.add_job),
--     one job per endpoint and queue (job_key), so a burst of adds is delivered as one POST.
-- A todo that becomes claimable later (run_at or a retry in the future) rings when requeue_due_retries or
-- a claim moves it; waiters also re-check on their own (see src/doorbell.ts).
create or replace function switchboard_internal.on_todo_claimable()
returns trigger
language plpgsql
volatile
as $$
-- @plpgsql_check_options: relid = switchboard.todos
declare
  v_url text;
begin
  perform pg_notify('switchboard_doorbell', jsonb_build_object('queue', new.queue)::text);
  select e.doorbell_url into v_url from switchboard.endpoints e where e.id = new.endpoint_id;
  if v_url is not null then
    perform graphile_worker.add_job('switchboard_doorbell_webhook',
              json_build_object('endpoint_id', new.endpoint_id, 'queue', new.queue),
              job_key => 'switchboard_doorbell:' || new.endpoint_id::text || ':' || new.queue,
              max_attempts => switchboard_internal.setting_int('notify_max_attempts', 12, 1, 100));
  end if;
  return null;
end;
$$;
comment on function switchboard_internal.on_todo_claimable() is
$$Internal trigger (todos, when a todo becomes claimable now): pg_notify on channel switchboard_doorbell with {"queue": ...},
and the endpoint's webhook doorbell job (graphile_worker.add_job, one per endpoint and queue) when it has a doorbell_url.$$;

-- Two triggers (OLD exists only on update); each is (re)created only when its definition changed (kept as
-- its comment), so re-applying the function files takes no lock on todos.
do $$
declare
  v_defs text[] := array[
    'create or replace trigger todos_claimable_insert after insert on switchboard.todos '
    || 'for each row when (new.ready_at <= now()) execute function switchboard_internal.on_todo_claimable()',
    'create or replace trigger todos_claimable_update after update of state, ready_at on switchboard.todos '
    || 'for each row when (new.ready_at <= now() and (old.ready_at is null or old.state is distinct from new.state)) '
    || 'execute function switchboard_internal.on_todo_claimable()'];
  v_names text[] := array['todos_claimable_insert', 'todos_claimable_update'];
begin
  for i in 1 .. 2 loop
    if obj_description((select g.oid from pg_trigger g where g.tgrelid = 'switchboard.todos'::regclass
                          and g.tgname = v_names[i]), 'pg_trigger') is distinct from v_defs[i] then
      execute v_defs[i];
      execute format('comment on trigger %I on switchboard.todos is %L', v_names[i], v_defs[i]);
    end if;
  end loop;
end
$$;
