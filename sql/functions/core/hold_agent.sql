-- hold_agent: locks a todo for heartbeat, complete, fail or release and checks the agent holds its
-- lease. In the endpoint's scope (else not_found), and holds_lease (else conflict), the rule
-- end_held's one statement reads too: claimed and held by this agent, not lapsed, and the fence
-- satisfied (a fenced attempt needs its token, an unfenced one takes none). Every way of not
-- holding the lease raises the same conflict, so it does not reveal whether the todo is fenced.
-- Returns the locked todo row. Errors: not_found, conflict.
create or replace function switchboard_internal.hold_agent(endpoint_id uuid, todo_id uuid, agent_id text, lease_token text)
returns switchboard.todos
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_t switchboard.todos;
begin
  select x.* into v_t from switchboard.todos x, switchboard.endpoints e
   where x.id = todo_id and e.id = endpoint_id and switchboard_internal.agent_reaches(x.scope_id, e.id, e.team_id)
   for update of x;
  if not found then
    perform switchboard_internal.not_found(todo_id);
  end if;
  -- One rule decides (holds_lease, which end_held's one statement reads too): only a claimed todo has an owner and a
  -- lease, so a todo in any other state is refused by it as well; the state only chooses the message.
  if switchboard_internal.holds_lease(v_t.owner, v_t.lease_expires_at, v_t.lease_token_sha256, 'agent:' || agent_id,
                                      lease_token) is not true then
    if v_t.state <> 'claimed' then
      perform switchboard_internal.raise('conflict', format('todo %s is %s, not claimed', todo_id, v_t.state),
        'Only a claimed todo can be heartbeated, completed, failed or released; get_todo shows where it is.');
    end if;
    perform switchboard_internal.raise('conflict', format('this caller does not hold the lease on todo %s', todo_id),
      'The lease may have lapsed or been taken over, or the attempt is fenced and needs the lease_token its claim returned. Claim the todo again when it is claimable.');
  end if;
  return v_t;
end;
$$;
