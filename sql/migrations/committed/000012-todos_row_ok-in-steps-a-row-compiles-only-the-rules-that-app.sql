--! Previous: sha1:d47d6d0913107b4c59846c28c0f9c2949e90b4e2
--! Hash: sha1:f9abcce76b3507e486309e94a4586ac0b377cec2
--! Message: todos_row_ok in steps: a row compiles only the rules that apply to it

-- Issue 14: todos_row_ok, the row rules of todos, checked in steps instead of one expression. The rules are the same
-- (the same names in the same errors); what changes is how much of them a row costs. PL/pgSQL compiles an
-- expression the first time a transaction evaluates it, and every claim and every complete is its own transaction,
-- so the one big expression of migration 000010 (the todo's rules and its head attempt's) was compiled whole for
-- every row written: the row rules were ~11 % of a claim+complete cycle's backend CPU (bench/ab.ts, dropping the
-- constraint). In steps, a row compiles only what applies to it: the counters, its own state's rule, and the rule of
-- an open or of a closed head.
create or replace function switchboard_internal.todos_row_ok(
  state text, owner text, lease_expires_at timestamptz, ready_at timestamptz, next_retry_at timestamptz,
  attempt integer, max_attempts integer, last_seq integer, attempts_pruned integer,
  head_claimer_kind text, head_endpoint_id uuid, head_owner_id uuid, head_claimant text, head_ended_at timestamptz,
  head_outcome text, head_disposition text, head_summary text, head_artifact text, lease_token_sha256 bytea)
returns boolean
language plpgsql
immutable
parallel safe
as $$
declare
  v_rule text;
begin
  if not (attempt >= 0 and max_attempts between 1 and 1000 and last_seq >= 0 and attempts_pruned between 0 and last_seq) then
    v_rule := case when attempt < 0 then 'todos_attempt_nonnegative'
                   when max_attempts not between 1 and 1000 then 'todos_max_attempts_range'
                   when last_seq < 0 then 'todos_last_seq_nonnegative'
                   else 'todos_attempts_pruned_range' end;
  elsif state = 'claimed' then
    -- A claimed todo has an owner and a lease, and nothing else says when it is ready.
    if not (owner is not null and lease_expires_at is not null and ready_at is null and next_retry_at is null and last_seq > 0) then
      v_rule := 'todos_claimed_has_lease';
    end if;
  elsif state = 'pending' then
    -- A pending todo has neither owner nor lease, and a time from which it may be claimed.
    if not (owner is null and lease_expires_at is null and ready_at is not null and next_retry_at is null) then
      v_rule := 'todos_pending_is_free';
    end if;
  elsif state = 'failed' then
    -- A failed todo either waits for its retry (ready then) or is a dead letter (never ready).
    if not (owner is null and lease_expires_at is null and ready_at is not distinct from next_retry_at) then
      v_rule := 'todos_failed_retry_or_dead';
    end if;
  elsif state in ('done', 'canceled') then
    -- done and canceled are terminal: nothing is held, nothing is scheduled.
    if not (owner is null and lease_expires_at is null and ready_at is null and next_retry_at is null) then
      v_rule := 'todos_terminal_is_still';
    end if;
  else
    v_rule := 'todos_state_known';
  end if;

  -- The head attempt (migration 000010), when the todo has one: the rules of an attempt row, and it is open exactly
  -- while the todo is claimed (one open attempt per todo, none left open behind a todo that moved on).
  if v_rule is null and head_claimer_kind is not null then
    if not (last_seq >= 1
            and case head_claimer_kind when 'endpoint' then head_endpoint_id is not null
                                       when 'owner' then head_owner_id is not null else false end
            and coalesce(octet_length(head_claimant) <= 128, true)
            and coalesce(octet_length(lease_token_sha256) = 32, true)) then
      return switchboard_internal.todo_attempts_row_ok(last_seq, head_claimer_kind, head_endpoint_id, head_owner_id,
               head_claimant, head_ended_at, head_outcome, head_disposition, head_summary, head_artifact, lease_token_sha256);
    end if;
    if head_ended_at is null then
      if not (head_outcome is null and head_disposition is null and coalesce(octet_length(head_summary) <= 2048, true)
              and coalesce(octet_length(head_artifact) <= 512, true)) then
        return switchboard_internal.todo_attempts_row_ok(last_seq, head_claimer_kind, head_endpoint_id, head_owner_id,
                 head_claimant, head_ended_at, head_outcome, head_disposition, head_summary, head_artifact, lease_token_sha256);
      end if;
      if state <> 'claimed' then
        v_rule := 'todos_head_open_while_claimed';
      end if;
    else
      if not (coalesce(head_outcome || '/' || head_disposition in (
                 'completed/done', 'failed/retry_scheduled', 'failed/dead_lettered', 'released/requeued',
                 'lease_expired/requeued', 'reaped/requeued', 'reaped/dead_lettered', 'canceled/canceled',
                 'revoked/dead_lettered'), false)
              and (head_outcome not in ('lease_expired', 'reaped') or (head_summary is null and head_artifact is null))
              and coalesce(octet_length(head_summary) <= 2048, true) and coalesce(octet_length(head_artifact) <= 512, true)) then
        return switchboard_internal.todo_attempts_row_ok(last_seq, head_claimer_kind, head_endpoint_id, head_owner_id,
                 head_claimant, head_ended_at, head_outcome, head_disposition, head_summary, head_artifact, lease_token_sha256);
      end if;
      if state = 'claimed' then
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
