-- a2a_list: A2A ListTasks: the todos of the caller's scopes as A2A Tasks, newest status change
-- first. The status change is a2a_status_at: the running attempt's claim, else the last transition,
-- never a heartbeat. A page at a time; the filters combine. Reads only. Returns {tasks,
-- nextPageToken ('' on the last page), pageSize, totalSize (matches, all pages)}. Errors: forbidden
-- (revoked, or list_todos not vended), invalid (page_size not 1..100, state, history_length < 0, a
-- page_token this function did not return).
--
-- context_id: only tasks of this A2A context (a todo filed over MCP is its own context).
-- state: only tasks in this A2A state (TASK_STATE_*); the ones a queue never produces match none.
-- page_size: tasks on a page, 1..100.
-- page_token: the previous page's nextPageToken; null: the first page.
-- history_length: null or 0: no history (a list reads one attempt per task); n: the newest n
--   messages of each task.
-- status_after: only tasks whose status changed at or after this time.
-- with_artifacts: true: a done todo's result comes as its artifact.
--
-- Example: select switchboard.a2a_list(endpoint_id => '<endpoint_id>', page_size => 20);
create or replace function switchboard.a2a_list(
  endpoint_id uuid,
  context_id text default null,
  state text default null,
  page_size integer default 50,
  page_token text default null,
  history_length integer default null,
  status_after timestamptz default null,
  with_artifacts boolean default false)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_size integer := coalesce(page_size, 50);
  v_history integer := coalesce(history_length, 0);
  v_after_ts timestamptz;
  v_after_id uuid;
  v_rows switchboard.todos[];
  v_at timestamptz[];
  v_total integer;
  v_next text := '';
begin
  perform switchboard_internal.agent(endpoint_id, 'list_todos');
  if v_size not between 1 and 100 then
    perform switchboard_internal.raise('invalid', 'pageSize must be between 1 and 100', null);
  end if;
  if state is not null and state not in ('TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING', 'TASK_STATE_COMPLETED',
       'TASK_STATE_FAILED', 'TASK_STATE_CANCELED', 'TASK_STATE_INPUT_REQUIRED', 'TASK_STATE_REJECTED', 'TASK_STATE_AUTH_REQUIRED') then
    perform switchboard_internal.raise('invalid', 'status must be a TASK_STATE_* name', null);
  end if;
  if v_history < 0 then
    perform switchboard_internal.raise('invalid', 'historyLength must be at least 0', null);
  end if;
  select p.after_ts, p.after_id into v_after_ts, v_after_id
    from switchboard_internal.list_page(null, v_size, page_token, 'ListTasks') p;

  with matching as (
    select x, switchboard_internal.a2a_status_at(x.state, x.head_claimed_at, x.updated_at) as at
      from switchboard.todos x
      left join switchboard.a2a_tasks a on a.todo_id = x.id
     where x.scope_id = any (switchboard_internal.agent_scopes(endpoint_id))
       and (context_id is null or coalesce(a.context_id, x.id::text) = context_id)
       and (state is null
            or switchboard_internal.a2a_state(x.state, x.last_seq, x.state = 'failed' and x.next_retry_at is null) = state)
       and (status_after is null
            or switchboard_internal.a2a_status_at(x.state, x.head_claimed_at, x.updated_at) >= status_after)
  )
  select (select count(*)::integer from matching),
         array_agg(p.x order by p.at desc, (p.x).id desc), array_agg(p.at order by p.at desc, (p.x).id desc)
    into v_total, v_rows, v_at
    from (select m.x, m.at from matching m
           where v_after_ts is null or (m.at, (m.x).id) < (v_after_ts, v_after_id)
           order by m.at desc, (m.x).id desc
           limit v_size + 1) p;

  if cardinality(v_rows) > v_size then
    v_next := switchboard_internal.list_cursor(v_at[v_size], v_rows[v_size].id);
    v_rows := v_rows[1:v_size];
  end if;
  return jsonb_build_object(
    'tasks', coalesce((select jsonb_agg(switchboard_internal.a2a_task(
                                switchboard_internal.todo_detail(v_rows[i], case when v_history = 0 then 1
                                                                               else switchboard_internal.limit_of('attempts_limit_max') end),
                                (select a from switchboard.a2a_tasks a where a.todo_id = v_rows[i].id),
                                v_history, with_artifacts) order by i)
                         from generate_subscripts(v_rows, 1) i), '[]'::jsonb),
    'nextPageToken', v_next,
    'pageSize', v_size,
    'totalSize', v_total);
end;
$$;
