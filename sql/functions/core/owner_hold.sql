-- owner_hold: locks a todo for the Board's Release, Extend, Complete and Fail. It checks the owner
-- holds it through a lease they took from the Board: in the owner's scope (else not_found, as
-- owned_todo), claimed, its open attempt opened by this owner from the Board (head_owner_id), and
-- not lapsed; otherwise conflict. An agent's lease, fenced or not, is never the Board's to close
-- (it comes back when it lapses); the fence is not checked. Returns the locked todo row. Errors:
-- not_found, conflict.
create or replace function switchboard_internal.owner_hold(owner_id uuid, todo_id uuid)
returns switchboard.todos
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_t switchboard.todos := switchboard_internal.owned_todo(owner_id, todo_id);
begin
  if v_t.state <> 'claimed' then
    perform switchboard_internal.raise('conflict', format('todo %s is %s, not claimed', todo_id, v_t.state),
      'Only a todo you claimed from the Board can be released, extended, completed or failed there.');
  end if;
  -- Who opened the attempt is on the todo row: its head, open while the todo is claimed.
  -- head_owner_id is set only by a claim from the Board (open_attempt), so this one comparison says
  -- both that the Board opened it and that this owner did.
  if v_t.head_owner_id is distinct from owner_id then
    perform switchboard_internal.raise('conflict', format('todo %s is held by %s, not by you from the Board', todo_id, v_t.owner),
      'The Board acts only on leases it took. The holder''s lease comes back when it lapses; Cancel stops the todo now.');
  end if;
  if v_t.lease_expires_at <= now() then
    perform switchboard_internal.raise('conflict', format('your lease on todo %s has lapsed', todo_id),
      'Claim it again from the Board if it is still yours to work.');
  end if;
  return v_t;
end;
$$;
