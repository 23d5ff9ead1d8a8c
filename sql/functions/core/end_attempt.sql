-- end_attempt: the transitions that end a lease (or, for cancel, a todo that has none), in one statement:
-- the open attempt is closed with its outcome and disposition (ADR-0039's table) and the todo moves on.
--   completed -> done (result stored)           failed below the cap -> failed, retry at now + backoff
--   released  -> pending, ready now             failed at the cap    -> failed, dead letter
--   canceled  -> canceled                       revoked              -> failed, dead letter
-- summary is cut to 2048 bytes on a UTF-8 boundary and marked; with attempt_summary_from_result on, a
-- complete or fail without a summary stores the compact JSON of its result instead. Returns the new todo row.
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

  -- history{
  with closed as (
    update switchboard.todo_attempts a
       set ended_at = v_now, outcome = end_attempt.outcome, disposition = v_disposition,
           summary = v_summary.cut, summary_truncated = v_summary.truncated, artifact = end_attempt.artifact
     where t.state = 'claimed' and a.todo_id = t.id and a.seq = t.last_seq and a.ended_at is null
    returning 1
  ), counted as (
    insert into switchboard.attempt_close_counts as c (queue, outcome, shard, n)
    select t.queue, outcome, (pg_backend_pid() % 16)::smallint, count(*) from closed having count(*) > 0
    on conflict on constraint attempt_close_counts_pkey do update set n = c.n + excluded.n
  )
  -- history}
  update switchboard.todos x
     set state = v_state,
         owner = null,
         lease_expires_at = null,
         ready_at = v_ready,
         next_retry_at = v_next,
         result = case when outcome in ('completed', 'failed') then result else x.result end,
         updated_at = v_now
   where x.id = t.id
  returning x.* into v_todo;
  return v_todo;
end;
$$;
comment on function switchboard_internal.end_attempt(switchboard.todos, text, jsonb, text, text) is
  'Internal. Closes the open attempt with outcome/disposition and moves the todo (done, retry, dead letter, pending, canceled).';
