-- a2a_state: the A2A task state of a todo. Never claimed and pending -> SUBMITTED; claimed, or
-- pending again after an attempt (released, died, retried), or failed with a retry scheduled ->
-- WORKING; done -> COMPLETED; a dead letter (failed, no retry) -> FAILED; canceled -> CANCELED. A
-- dead letter the owner retries reads WORKING again.
create or replace function switchboard_internal.a2a_state(state text, last_seq integer, dead_letter boolean)
returns text
language sql
immutable
parallel safe
as $$
  select case
           when state = 'pending' and last_seq = 0 then 'TASK_STATE_SUBMITTED'
           when state = 'done' then 'TASK_STATE_COMPLETED'
           when state = 'canceled' then 'TASK_STATE_CANCELED'
           when state = 'failed' and dead_letter then 'TASK_STATE_FAILED'
           else 'TASK_STATE_WORKING'
         end
$$;
