-- end_attempt: closes a todo's open attempt and moves the todo on, in one statement. The
-- transitions that end a lease (or, for cancel, a todo that has none): the open attempt, the todo's
-- head, is closed with its outcome and disposition (transition()) in the same UPDATE that moves the
-- todo on, and the close is counted; then a todo pending again rings its doorbell (ring) and a dead
-- letter is notified (notify_dead_letter), and a todo filed over A2A wakes its followers
-- (a2a_wake). The summary is cut to 2048 bytes on a UTF-8 boundary and marked; with
-- attempt_summary_from_result on, a complete or fail without a summary stores the compact JSON of
-- its result instead. Returns the new todo row.
--
--   completed              -> done, result stored
--   failed below the cap   -> failed, retry at now + backoff
--   failed at the cap      -> failed, a dead letter
--   released               -> pending, ready now
--   canceled               -> canceled
--   revoked                -> failed, a dead letter
create or replace function switchboard_internal.end_attempt(t switchboard.todos, outcome text, result jsonb, summary text, artifact text)
returns switchboard.todos
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_now timestamptz := now();
  v_state text;
  v_disposition text;
  v_next timestamptz;
  v_ready timestamptz;
  v_summary record;
  v_todo switchboard.todos;
begin
  select x.disposition, x.state into v_disposition, v_state
    from switchboard_internal.transition(outcome, t.attempt >= t.max_attempts) x;
  if v_state is null or outcome not in ('completed', 'failed', 'released', 'canceled', 'revoked') then
    raise exception 'switchboard_internal.end_attempt: unknown outcome %', outcome;
  end if;
  if v_disposition = 'retry_scheduled' then
    v_next := v_now + switchboard_internal.backoff(t.attempt);
    v_ready := v_next;
  elsif v_state = 'pending' then
    v_ready := v_now;
  end if;

  v_summary := switchboard_internal.report_summary(outcome, result, summary);

  with moved as (
    update switchboard.todos x
       set state = v_state,
           owner = null,
           lease_expires_at = null,
           ready_at = v_ready,
           next_retry_at = v_next,
           result = case when outcome in ('completed', 'failed') then result else x.result end,
           updated_at = v_now
           -- history{
           , head_ended_at = case when t.state = 'claimed' then v_now else x.head_ended_at end,
           head_outcome = case when t.state = 'claimed' then outcome else x.head_outcome end,
           head_disposition = case when t.state = 'claimed' then v_disposition else x.head_disposition end,
           head_summary = case when t.state = 'claimed' then v_summary.cut else x.head_summary end,
           head_summary_truncated = case when t.state = 'claimed' then v_summary.truncated else x.head_summary_truncated end,
           head_artifact = case when t.state = 'claimed' then artifact else x.head_artifact end
           -- history}
     where x.id = t.id
    returning x.*
  -- history{
  ), counted as (
    -- Only a claimed todo had an open attempt (cancel also ends pending and failed todos, which have none).
    insert into switchboard.attempt_close_counts as c (queue, outcome, shard, n)
    select m.queue, outcome, (pg_backend_pid() % 16)::smallint, 1 from moved m where t.state = 'claimed'
    on conflict on constraint attempt_close_counts_pkey do update set n = c.n + 1
  -- history}
  )
  select m.* into v_todo from moved m;
  if v_todo.a2a_wake_key is not null then
    perform switchboard_internal.a2a_wake(v_todo.a2a_wake_key);
  end if;
  if v_ready <= v_now then
    -- Claimable now: released, or failed with a retry already due (a zero backoff).
    perform switchboard_internal.ring(v_todo.scope_id, v_todo.queue);
  elsif v_disposition = 'dead_lettered' and t.state = 'claimed' then
    perform switchboard_internal.notify_dead_letter(v_todo.id, v_todo.last_seq, v_todo.endpoint_id);
  end if;
  return v_todo;
end;
$$;
