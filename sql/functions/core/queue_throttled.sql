-- queue_throttled: refuses a claim that its queue's controls hold back. admit_queue's answer is
-- refused as throttled with retry_after_seconds in the DETAIL as JSON; does nothing when it was
-- admitted (null). Errors: throttled.
create or replace function switchboard_internal.queue_throttled(retry_at timestamptz, queue text)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_wait integer;
begin
  if retry_at is null then
    return;
  end if;
  if retry_at = 'infinity' then
    raise exception using errcode = 'SB429',
      message = format('throttled: queue %s is paused; nothing is claimed from it until its owner resumes it', queue),
      detail = jsonb_build_object('retry_after_seconds', null, 'paused', true)::text,
      hint = 'Take other work (claim_next), or wait for a doorbell: resuming the queue rings it.';
  end if;
  v_wait := greatest(1, ceil(extract(epoch from retry_at - now()))::integer);
  raise exception using errcode = 'SB429',
    message = format('throttled: queue %s is at its limit (max_claimed or claims_per_minute); retry in %s s (at %s)',
                     queue, v_wait, switchboard_internal.ts(retry_at)),
    detail = jsonb_build_object('retry_after_seconds', v_wait)::text,
    hint = format('Wait %s seconds, then claim again, or take other work with claim_next.', v_wait);
end;
$$;
