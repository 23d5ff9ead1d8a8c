--! Previous: sha1:1ebca3d9d92a6c097fe65cbd037e42ab8f215151
--! Hash: sha1:02805f0314dc44d8e5b29d2dc0988a1af546c612
--! Message: row rules of todos and todo_attempts as one check function per table

-- The row rules of todos and todo_attempts as one check function per table instead of eighteen CHECK
-- expressions. Why: PostgreSQL 15 rebuilds a table's CHECK expressions from their stored node text for every
-- INSERT/UPDATE statement it executes (ExecRelCheck: stringToNode + expression planning, per statement, not per
-- session), and a claim+complete cycle runs four such statements: ~27 KB of node text re-parsed per cycle,
-- 8 % of all machine CPU in a perf profile of the 8-client benchmark and ~25 % of a cycle's backend CPU in
-- bench/profile.ts (dropping the checks: claim 400 -> 289 µs, complete 365 -> 260 µs). A call to a PL/pgSQL
-- function is a few hundred bytes of node text and its body is compiled once per session.
-- The rules are the same as before, each still named in the error (23514, the old constraint name as the
-- error's constraint field), plus one hole closed: a closed attempt with a null outcome or disposition passed
-- the old outcome-pair check (NULL is not false); it is rejected now.
-- These functions belong to the schema, not to sql/functions: changing a rule needs a migration that checks the
-- rows already stored, so scripts/apply-functions.mjs leaves functions that a constraint uses alone.

create function switchboard._todos_row_ok(
  state text, owner text, lease_expires_at timestamptz, ready_at timestamptz, next_retry_at timestamptz,
  attempt integer, max_attempts integer, last_seq integer, attempts_pruned integer)
returns boolean
language plpgsql
immutable
parallel safe
as $$
declare
  v_ok boolean;
  v_rule text;
begin
  -- The common case in one expression (one expression to prepare per transaction); which rule failed is
  -- worked out below only when one did.
  v_ok := attempt >= 0 and max_attempts between 1 and 1000 and last_seq >= 0 and attempts_pruned between 0 and last_seq
     and case state
           when 'claimed' then owner is not null and lease_expires_at is not null and ready_at is null
                               and next_retry_at is null and last_seq > 0
           when 'pending' then owner is null and lease_expires_at is null and ready_at is not null and next_retry_at is null
           when 'failed' then owner is null and lease_expires_at is null and ready_at is not distinct from next_retry_at
           when 'done' then owner is null and lease_expires_at is null and ready_at is null and next_retry_at is null
           when 'canceled' then owner is null and lease_expires_at is null and ready_at is null and next_retry_at is null
           else false
         end;
  if v_ok then
    return true;
  end if;
  if state not in ('pending', 'claimed', 'done', 'failed', 'canceled') then
    v_rule := 'todos_state_known';
  elsif attempt < 0 then
    v_rule := 'todos_attempt_nonnegative';
  elsif max_attempts not between 1 and 1000 then
    v_rule := 'todos_max_attempts_range';
  elsif last_seq < 0 then
    v_rule := 'todos_last_seq_nonnegative';
  elsif attempts_pruned not between 0 and last_seq then
    v_rule := 'todos_attempts_pruned_range';
  -- A claimed todo has an owner and a lease, and nothing else says when it is ready.
  elsif state = 'claimed' and not (owner is not null and lease_expires_at is not null
                                   and ready_at is null and next_retry_at is null and last_seq > 0) then
    v_rule := 'todos_claimed_has_lease';
  -- A pending todo has neither owner nor lease, and a time from which it may be claimed.
  elsif state = 'pending' and not (owner is null and lease_expires_at is null and ready_at is not null
                                   and next_retry_at is null) then
    v_rule := 'todos_pending_is_free';
  -- A failed todo either waits for its retry (ready then) or is a dead letter (never ready).
  elsif state = 'failed' and not (owner is null and lease_expires_at is null
                                  and ready_at is not distinct from next_retry_at) then
    v_rule := 'todos_failed_retry_or_dead';
  -- done and canceled are terminal: nothing is held, nothing is scheduled.
  elsif state in ('done', 'canceled') and not (owner is null and lease_expires_at is null
                                               and ready_at is null and next_retry_at is null) then
    v_rule := 'todos_terminal_is_still';
  else
    return true;
  end if;
  raise exception 'new row for relation "todos" violates check constraint "%"', v_rule
    using errcode = 'check_violation', schema = 'switchboard', table = 'todos', constraint = v_rule;
end;
$$;
comment on function switchboard._todos_row_ok(text, text, timestamptz, timestamptz, timestamptz, integer, integer, integer, integer) is
$$Internal, the todos_row_rules check: true, or check_violation naming the rule broken (todos_state_known, todos_claimed_has_lease,
todos_pending_is_free, todos_failed_retry_or_dead, todos_terminal_is_still, the counter ranges). One function call per row is cheaper
than PostgreSQL 15 re-parsing a dozen CHECK expressions for every statement.$$;

create function switchboard._todo_attempts_row_ok(
  seq integer, claimer_kind text, endpoint_id uuid, owner_id uuid, claimant text, ended_at timestamptz,
  outcome text, disposition text, summary text, artifact text, lease_token_sha256 bytea)
returns boolean
language plpgsql
immutable
parallel safe
as $$
declare
  v_ok boolean;
  v_rule text;
begin
  v_ok := seq >= 1
     and case claimer_kind when 'endpoint' then endpoint_id is not null when 'owner' then owner_id is not null else false end
     and coalesce(octet_length(claimant) <= 128, true) and coalesce(octet_length(summary) <= 2048, true)
     and coalesce(octet_length(artifact) <= 512, true) and coalesce(octet_length(lease_token_sha256) = 32, true)
     and case when ended_at is null then outcome is null and disposition is null
              else coalesce(outcome || '/' || disposition in (
                     'completed/done', 'failed/retry_scheduled', 'failed/dead_lettered', 'released/requeued',
                     'lease_expired/requeued', 'reaped/requeued', 'reaped/dead_lettered', 'canceled/canceled',
                     'revoked/dead_lettered'), false)
                   and (outcome not in ('lease_expired', 'reaped') or (summary is null and artifact is null))
         end;
  if v_ok then
    return true;
  end if;
  if seq < 1 then
    v_rule := 'todo_attempts_seq_positive';
  elsif claimer_kind not in ('endpoint', 'owner') then
    v_rule := 'todo_attempts_claimer_kind_known';
  elsif (claimer_kind = 'endpoint' and endpoint_id is null) or (claimer_kind = 'owner' and owner_id is null) then
    v_rule := 'todo_attempts_claimer';
  elsif octet_length(claimant) > 128 then
    v_rule := 'todo_attempts_claimant_size';
  elsif octet_length(summary) > 2048 then
    v_rule := 'todo_attempts_summary_size';
  elsif octet_length(artifact) > 512 then
    v_rule := 'todo_attempts_artifact_size';
  elsif octet_length(lease_token_sha256) <> 32 then
    v_rule := 'todo_attempts_token_is_sha256';
  -- Open: no outcome. Closed: exactly the pairs of the ADR-0039 transition table.
  elsif (ended_at is null and (outcome is not null or disposition is not null))
     or (ended_at is not null and coalesce((outcome, disposition) not in (
           ('completed', 'done'), ('failed', 'retry_scheduled'), ('failed', 'dead_lettered'),
           ('released', 'requeued'), ('lease_expired', 'requeued'), ('reaped', 'requeued'),
           ('reaped', 'dead_lettered'), ('canceled', 'canceled'), ('revoked', 'dead_lettered')), true)) then
    v_rule := 'todo_attempts_outcome_pair';
  -- A holder that died never reported.
  elsif outcome in ('lease_expired', 'reaped') and (summary is not null or artifact is not null) then
    v_rule := 'todo_attempts_died_is_silent';
  else
    return true;
  end if;
  raise exception 'new row for relation "todo_attempts" violates check constraint "%"', v_rule
    using errcode = 'check_violation', schema = 'switchboard', table = 'todo_attempts', constraint = v_rule;
end;
$$;
comment on function switchboard._todo_attempts_row_ok(integer, text, uuid, uuid, text, timestamptz, text, text, text, text, bytea) is
$$Internal, the todo_attempts_row_rules check: true, or check_violation naming the rule broken (todo_attempts_outcome_pair: the
outcome/disposition pairs of the ADR-0039 table; todo_attempts_died_is_silent; the claimer; the size bounds of claimant 128,
summary 2048, artifact 512 bytes; a 32-byte token digest).$$;

revoke all on function switchboard._todos_row_ok(text, text, timestamptz, timestamptz, timestamptz, integer, integer, integer, integer) from public;
revoke all on function switchboard._todo_attempts_row_ok(integer, text, uuid, uuid, text, timestamptz, text, text, text, text, bytea) from public;

alter table switchboard.todos
  drop constraint todos_state_known,
  drop constraint todos_attempt_nonnegative,
  drop constraint todos_max_attempts_range,
  drop constraint todos_last_seq_nonnegative,
  drop constraint todos_attempts_pruned_range,
  drop constraint todos_claimed_has_lease,
  drop constraint todos_pending_is_free,
  drop constraint todos_failed_retry_or_dead,
  drop constraint todos_terminal_is_still,
  add constraint todos_row_rules check (switchboard._todos_row_ok(
    state, owner, lease_expires_at, ready_at, next_retry_at, attempt, max_attempts, last_seq, attempts_pruned));

alter table switchboard.todo_attempts
  drop constraint todo_attempts_seq_positive,
  drop constraint todo_attempts_claimer_kind_known,
  drop constraint todo_attempts_claimant_size,
  drop constraint todo_attempts_summary_size,
  drop constraint todo_attempts_artifact_size,
  drop constraint todo_attempts_token_is_sha256,
  drop constraint todo_attempts_claimer,
  drop constraint todo_attempts_outcome_pair,
  drop constraint todo_attempts_died_is_silent,
  add constraint todo_attempts_row_rules check (switchboard._todo_attempts_row_ok(
    seq, claimer_kind, endpoint_id, owner_id, claimant, ended_at, outcome, disposition, summary, artifact,
    lease_token_sha256));
