-- dead_letter_notice: the body of a dead-letter notification, read by the worker when it delivers
-- one. The job carries only ids, so a notice reads the todo now: its id, queue, title,
-- attempts_total, and the attempt that dead-lettered it (seq, or the newest dead-lettered attempt
-- when seq is null) with its outcome, disposition, died, claimant, summary, artifact and ended_at,
-- and the untrusted-data notice; the owner's sink gets this. No caller scope: like reap, it serves
-- the worker, which delivers for every tenant. Reads only. Returns the notice document. Errors:
-- not_found (no such todo, or no dead-lettered attempt with that seq, e.g. pruned).
--
-- seq: the dead-lettered attempt; null: the newest one.
-- for_instance: the instance's sink is the operator's, not a tenant's: no title, claimant, summary
--   or artifact, only {todo_id, queue, attempts_total, final_attempt: {seq, outcome, disposition,
--   died, ended_at}}.
--
-- Example: select switchboard.dead_letter_notice(todo_id => '<todo_id>', for_instance => true);
create or replace function switchboard.dead_letter_notice(todo_id uuid, seq integer default null,
                                                      for_instance boolean default false)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_t switchboard.todos;
  v_a switchboard.todo_attempts;
begin
  select x.* into v_t from switchboard.todos x where x.id = todo_id;
  if not found then
    perform switchboard_internal.not_found(todo_id);
  end if;
  select a.* into v_a from switchboard.todo_attempts a
   where a.todo_id = v_t.id and a.disposition = 'dead_lettered' and (seq is null or a.seq = seq)
   order by a.seq desc
   limit 1;
  if not found then
    perform switchboard_internal.not_found(todo_id);
  end if;
  if coalesce(for_instance, false) then
    return jsonb_build_object(
      'todo_id', v_t.id,
      'queue', v_t.queue,
      'attempts_total', v_t.last_seq,
      'final_attempt', jsonb_build_object(
        'seq', v_a.seq,
        'outcome', v_a.outcome,
        'disposition', v_a.disposition,
        'died', v_a.outcome in ('lease_expired', 'reaped'),
        'ended_at', switchboard_internal.ts(v_a.ended_at)));
  end if;
  return jsonb_build_object(
    'todo_id', v_t.id,
    'queue', v_t.queue,
    'title', v_t.title,
    'attempts_total', v_t.last_seq,
    'final_attempt', jsonb_build_object(
      'seq', v_a.seq,
      'outcome', v_a.outcome,
      'disposition', v_a.disposition,
      'died', v_a.outcome in ('lease_expired', 'reaped'),
      'claimant', v_a.claimant,
      'summary', v_a.summary,
      'summary_truncated', v_a.summary_truncated,
      'artifact', v_a.artifact,
      'ended_at', switchboard_internal.ts(v_a.ended_at)),
    'notice', switchboard_internal.notice());
end;
$$;
