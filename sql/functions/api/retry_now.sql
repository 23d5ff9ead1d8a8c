-- retry_now: the owner's manual retry (the Board's Retry now) of a failed todo, dead letter or not.
-- failed -> pending, claimable now; the attempt counter restarts (the next claim is attempt 1) and
-- seq continues; rings the doorbell, and a todo filed over A2A wakes its followers (a2a_wake).
-- Locks the todo row. Returns the todo document. Errors: not_found (not a todo of the owner's
-- endpoints; identical to an unknown id), conflict (not failed).
--
-- Example: select switchboard.retry_now(owner_id => '<owner_id>', todo_id => '<todo_id>');
create or replace function switchboard.retry_now(owner_id uuid, todo_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_t switchboard.todos := switchboard_internal.owned_todo(owner_id, todo_id);
begin
  if v_t.state <> 'failed' then
    perform switchboard_internal.raise('conflict', format('todo %s is %s; only a failed todo can be retried', todo_id, v_t.state), null);
  end if;
  update switchboard.todos x
     set state = 'pending', attempt = 0, next_retry_at = null, ready_at = now(), updated_at = now()
   where x.id = v_t.id
  returning x.* into v_t;
  perform switchboard_internal.ring(v_t.scope_id, v_t.queue);
  perform switchboard_internal.a2a_wake(v_t.a2a_wake_key);
  return switchboard_internal.todo_json(v_t);
end;
$$;
