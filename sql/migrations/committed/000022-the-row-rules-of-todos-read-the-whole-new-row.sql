--! Previous: sha1:60686db3fb8246c872953a7653d786c16f47412a
--! Hash: sha1:049ff62c16819ca7b1aaf8781ef2bb24003b8c1a
--! Message: the row rules of todos read the whole new row (todos_row_ok(todos)): a statement that writes todos no longer parses nineteen column references out of the CHECK's text

-- Issue 33: the row rules of todos (todos_row_rules) read the whole new row instead of nineteen of its columns. The
-- rules, their steps and their errors are migration 000012's, word for word, each column read as t.<column>. What
-- changes is what a statement pays before it checks a row: PostgreSQL 15 reads the CHECK's stored expression back
-- from its text for every statement that writes todos (stringToNode), and nineteen column references were most of
-- that text; one whole-row reference is a short one (priced in docs/benchmarks/README.md, issue 33). The function's
-- parameter is the table's row type, so a column added to todos later needs nothing here.
create function switchboard_internal.todos_row_ok(t switchboard.todos)
returns boolean
language plpgsql
immutable
parallel safe
as $$
declare
  v_rule text;
begin
  if not (t.attempt >= 0 and t.max_attempts between 1 and 1000 and t.last_seq >= 0 and t.attempts_pruned between 0 and t.last_seq) then
    v_rule := case when t.attempt < 0 then 'todos_attempt_nonnegative'
                   when t.max_attempts not between 1 and 1000 then 'todos_max_attempts_range'
                   when t.last_seq < 0 then 'todos_last_seq_nonnegative'
                   else 'todos_attempts_pruned_range' end;
  elsif t.state = 'claimed' then
    -- A claimed todo has an owner and a lease, and nothing else says when it is ready.
    if not (t.owner is not null and t.lease_expires_at is not null and t.ready_at is null and t.next_retry_at is null and t.last_seq > 0) then
      v_rule := 'todos_claimed_has_lease';
    end if;
  elsif t.state = 'pending' then
    -- A pending todo has neither owner nor lease, and a time from which it may be claimed.
    if not (t.owner is null and t.lease_expires_at is null and t.ready_at is not null and t.next_retry_at is null) then
      v_rule := 'todos_pending_is_free';
    end if;
  elsif t.state = 'failed' then
    -- A failed todo either waits for its retry (ready then) or is a dead letter (never ready).
    if not (t.owner is null and t.lease_expires_at is null and t.ready_at is not distinct from t.next_retry_at) then
      v_rule := 'todos_failed_retry_or_dead';
    end if;
  elsif t.state in ('done', 'canceled') then
    -- done and canceled are terminal: nothing is held, nothing is scheduled.
    if not (t.owner is null and t.lease_expires_at is null and t.ready_at is null and t.next_retry_at is null) then
      v_rule := 'todos_terminal_is_still';
    end if;
  else
    v_rule := 'todos_state_known';
  end if;

  -- The head attempt (migration 000010), when the todo has one: the rules of an attempt row, and it is open exactly
  -- while the todo is claimed (one open attempt per todo, none left open behind a todo that moved on).
  if v_rule is null and t.head_claimer_kind is not null then
    if not (t.last_seq >= 1
            and case t.head_claimer_kind when 'endpoint' then t.head_endpoint_id is not null
                                       when 'owner' then t.head_owner_id is not null else false end
            and coalesce(octet_length(t.head_claimant) <= 128, true)
            and coalesce(octet_length(t.lease_token_sha256) = 32, true)) then
      return switchboard_internal.todo_attempts_row_ok(t.last_seq, t.head_claimer_kind, t.head_endpoint_id, t.head_owner_id,
               t.head_claimant, t.head_ended_at, t.head_outcome, t.head_disposition, t.head_summary, t.head_artifact, t.lease_token_sha256);
    end if;
    if t.head_ended_at is null then
      if not (t.head_outcome is null and t.head_disposition is null and coalesce(octet_length(t.head_summary) <= 2048, true)
              and coalesce(octet_length(t.head_artifact) <= 512, true)) then
        return switchboard_internal.todo_attempts_row_ok(t.last_seq, t.head_claimer_kind, t.head_endpoint_id, t.head_owner_id,
                 t.head_claimant, t.head_ended_at, t.head_outcome, t.head_disposition, t.head_summary, t.head_artifact, t.lease_token_sha256);
      end if;
      if t.state <> 'claimed' then
        v_rule := 'todos_head_open_while_claimed';
      end if;
    else
      if not (coalesce(t.head_outcome || '/' || t.head_disposition in (
                 'completed/done', 'failed/retry_scheduled', 'failed/dead_lettered', 'released/requeued',
                 'lease_expired/requeued', 'reaped/requeued', 'reaped/dead_lettered', 'canceled/canceled',
                 'revoked/dead_lettered'), false)
              and (t.head_outcome not in ('lease_expired', 'reaped') or (t.head_summary is null and t.head_artifact is null))
              and coalesce(octet_length(t.head_summary) <= 2048, true) and coalesce(octet_length(t.head_artifact) <= 512, true)) then
        return switchboard_internal.todo_attempts_row_ok(t.last_seq, t.head_claimer_kind, t.head_endpoint_id, t.head_owner_id,
                 t.head_claimant, t.head_ended_at, t.head_outcome, t.head_disposition, t.head_summary, t.head_artifact, t.lease_token_sha256);
      end if;
      if t.state = 'claimed' then
        v_rule := 'todos_head_open_while_claimed';
      end if;
    end if;
  end if;
  if v_rule is null then
    return true;
  end if;
  raise exception 'new row for relation "todos" violates check constraint "%"', v_rule
    using errcode = 'check_violation', schema = 'switchboard', table = 'todos', constraint = v_rule;
end;
$$;
revoke all on function switchboard_internal.todos_row_ok(switchboard.todos) from public;
comment on function switchboard_internal.todos_row_ok(switchboard.todos) is
$$Internal, the todos_row_rules check, given the whole new row: true, or check_violation naming the rule broken
(todos_state_known, todos_claimed_has_lease, todos_pending_is_free, todos_failed_retry_or_dead, todos_terminal_is_still,
the counter ranges, todos_head_open_while_claimed, and the rules of an attempt for the head: todo_attempts_outcome_pair,
todo_attempts_died_is_silent, the claimer, the size bounds). One function call per row, with one whole-row argument:
PostgreSQL 15 reads a CHECK's expression back from its text for every statement.$$;

alter table switchboard.todos
  drop constraint todos_row_rules,
  add constraint todos_row_rules check (switchboard_internal.todos_row_ok(todos));
drop function switchboard_internal.todos_row_ok(text, text, timestamptz, timestamptz, timestamptz, integer, integer, integer,
                                                integer, text, uuid, uuid, text, timestamptz, text, text, text, text, bytea);
