-- a2a_status: the A2A TaskStatus of a todo document. From todo_detail's (attempts newest first):
-- its state (a2a_state), the timestamp of its last visible change (a2a_status_at: never a
-- heartbeat) and an agent message telling the attempt story in one sentence built from states,
-- numbers and times only ("attempt 2 died (lease lapsed) at …; retry at …"), never from text an
-- attempt wrote. When the newest attempt has ended, a data part carries it (a2a_attempt: outcome,
-- summary as data, with the notice): a FAILED task's final attempt is read there.
create or replace function switchboard_internal.a2a_status(detail jsonb, context_id text)
returns jsonb
language plpgsql
stable
as $$
declare
  v_state text := detail ->> 'state';
  v_seq integer := (detail ->> 'attempts_total')::integer;
  v_a2a text := switchboard_internal.a2a_state(v_state, v_seq, (detail ->> 'dead_letter')::boolean);
  v_last jsonb := detail -> 'attempts' -> 0;
  v_ended boolean := v_last ->> 'ended_at' is not null;
  v_story text;
  v_text text;
  v_parts jsonb;
begin
  if v_ended then
    v_story := format('attempt %s ', v_last ->> 'seq') || case v_last ->> 'outcome'
      when 'completed' then 'completed'
      when 'failed' then 'failed'
      when 'released' then 'was released'
      when 'lease_expired' then 'died (lease lapsed)'
      when 'reaped' then 'died (lease lapsed)'
      when 'canceled' then 'was canceled'
      when 'revoked' then 'ended: its worker''s credential was revoked'
      else coalesce(v_last ->> 'outcome', 'ended') end || format(' at %s', v_last ->> 'ended_at');
  end if;
  v_text := case
    when v_a2a = 'TASK_STATE_SUBMITTED' then
      format('waiting in queue %s for its first claim', detail ->> 'queue')
      || case when (detail ->> 'run_at')::timestamptz > now() then format('; claimable from %s', detail ->> 'run_at') else '' end
    when v_state = 'claimed' and (detail ->> 'lease_lapsed')::boolean then
      format('attempt %s (%s of %s) went silent: its lease lapsed at %s; it will be closed and the todo retried or dead-lettered',
             v_last ->> 'seq', detail ->> 'attempt', detail ->> 'max_attempts', detail ->> 'lease_expires_at')
    when v_state = 'claimed' then
      format('attempt %s (%s of %s) running since %s', v_last ->> 'seq', detail ->> 'attempt', detail ->> 'max_attempts',
             v_last ->> 'claimed_at')
    when v_a2a = 'TASK_STATE_COMPLETED' then coalesce(v_story, 'completed')
    when v_a2a = 'TASK_STATE_CANCELED' then
      format('canceled at %s', detail ->> 'updated_at')
      || case when v_last ->> 'outcome' = 'canceled' then format(' while attempt %s was running', v_last ->> 'seq') else '' end
    when v_a2a = 'TASK_STATE_FAILED' then
      coalesce(v_story, 'failed') || '; dead-lettered: nothing retries it unless its owner uses Retry now'
    when v_state = 'failed' then
      coalesce(v_story, 'failed') || format('; retry at %s', detail ->> 'next_retry_at')
    when v_last ->> 'disposition' = 'dead_lettered' then
      coalesce(v_story, 'dead-lettered') || format('; retried by its owner at %s; waiting for the next claim', detail ->> 'updated_at')
    else coalesce(v_story, 'requeued') || '; waiting for the next claim'
  end;
  v_parts := jsonb_build_array(jsonb_build_object('text', v_text));
  if v_ended then
    v_parts := v_parts || jsonb_build_array(jsonb_build_object(
      'data', jsonb_build_object('lastAttempt', switchboard_internal.a2a_attempt(v_last)), 'mediaType', 'application/json'));
  end if;
  return jsonb_build_object(
    'state', v_a2a,
    'timestamp', switchboard_internal.ts(switchboard_internal.a2a_status_at(
                   v_state, (v_last ->> 'claimed_at')::timestamptz, (detail ->> 'updated_at')::timestamptz)),
    'message', jsonb_build_object(
      'messageId', format('%s:status:%s:%s', detail ->> 'id', v_seq, lower(substr(v_a2a, 12))),
      'role', 'ROLE_AGENT',
      'taskId', detail ->> 'id',
      'contextId', context_id,
      'parts', v_parts,
      'metadata', jsonb_build_object('notice', switchboard_internal.notice())));
end;
$$;
