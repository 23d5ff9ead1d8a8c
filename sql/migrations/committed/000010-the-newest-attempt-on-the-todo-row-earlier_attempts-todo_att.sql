--! Previous: sha1:eb01daf91789b0f1b8dc351abe68cb2646c4753a
--! Hash: sha1:bd49662eb1d983a8cbc0462c7520b6023949ff72
--! Message: the newest attempt on the todo row, earlier_attempts, todo_attempts as a view

-- Issue 14, a lean transition core: a todo's row holds its newest attempt (its "head"), and
-- switchboard.earlier_attempts holds the attempts before it. switchboard.todo_attempts, the table of one row per
-- attempt that ADR-0039 describes, becomes a view over the two with the same columns, so every read (and a DBA's
-- select) sees exactly what it saw before: one row per committed claim, ended_at null while open.
--
-- Why: with the attempt in a table of its own, every claim inserted a row (heap, primary key, the one-open
-- exclusion index, a foreign-key check, a deferred constraint check at commit, its row rules) and every close
-- updated it (never HOT: ended_at is the exclusion constraint's predicate, and todo_attempts_ended_idx's). Measured
-- (bench/ab.ts, docs/benchmarks/README.md) that was ~27 % of a cycle's backend CPU, and a raw-SQL model of the two
-- layouts put the attempt table at 2.2x the CPU of the todo update alone. Here opening an attempt is a few more
-- columns in the UPDATE the claim makes anyway, and so is closing one: the todo update is the only write.
-- The head moves into earlier_attempts (closed, as it was) when the todo is claimed again, so a todo that is
-- claimed once, the common case, never writes an attempt row; a retried todo writes one per retry.
--
-- "At most one open attempt per todo" now holds by construction: only the head can be open (a row of
-- earlier_attempts is closed, a CHECK says so), and a todo has one head. Inserting an open attempt through the
-- view is refused with 23P01 (switchboard_internal.todo_attempts_write).
--
-- The head columns mirror todo_attempts' (seq is todos.last_seq): head_claimer_kind is null exactly when the todo
-- was never claimed. The fence's digest is todos.lease_token_sha256, not a head_ column: it guards the lease, so the
-- verb layer keeps it even where attempt history is cut out (bench's switchboard-no-history). head_lease_expires_at is the last value the lease held (todos.lease_expires_at is the live
-- lease, null once the attempt ends). Existing databases are carried across here: the attempt whose seq is the
-- todo's last_seq becomes its head, open or closed; every other attempt, all closed, goes to earlier_attempts.

alter table switchboard.todos
  add column head_attempt integer,
  add column head_claimer_kind text,
  add column head_endpoint_id uuid,
  add column head_owner_id uuid,
  add column head_mcp_session_id text,
  add column head_owner text,
  add column head_claimant text,
  add column head_claimed_at timestamptz,
  add column head_last_heartbeat_at timestamptz,
  add column head_lease_expires_at timestamptz,
  add column head_ended_at timestamptz,
  add column head_outcome text,
  add column head_disposition text,
  add column head_summary text,
  add column head_summary_truncated boolean not null default false,
  add column head_artifact text,
  add column lease_token_sha256 bytea;

comment on column switchboard.todos.head_claimer_kind is
  'The newest attempt (seq = last_seq) lives in the head_* columns; null when the todo was never claimed. switchboard.todo_attempts shows it with the earlier ones.';

update switchboard.todos t
   set head_attempt = a.attempt, head_claimer_kind = a.claimer_kind, head_endpoint_id = a.endpoint_id,
       head_owner_id = a.owner_id, head_mcp_session_id = a.mcp_session_id, head_owner = a.owner,
       head_claimant = a.claimant, head_claimed_at = a.claimed_at, head_last_heartbeat_at = a.last_heartbeat_at,
       head_lease_expires_at = a.lease_expires_at, head_ended_at = a.ended_at, head_outcome = a.outcome,
       head_disposition = a.disposition, head_summary = a.summary, head_summary_truncated = a.summary_truncated,
       head_artifact = a.artifact, lease_token_sha256 = a.lease_token_sha256
  from switchboard.todo_attempts a
 where a.todo_id = t.id and a.seq = t.last_seq;

create table switchboard.earlier_attempts (
  todo_id            uuid not null references switchboard.todos (id) on delete cascade,
  seq                integer not null,
  attempt            integer not null,
  claimer_kind       text not null,
  endpoint_id        uuid,
  owner_id           uuid,
  mcp_session_id     text,
  owner              text not null,
  claimant           text,
  claimed_at         timestamptz not null,
  last_heartbeat_at  timestamptz,
  lease_expires_at   timestamptz not null,
  ended_at           timestamptz not null,
  outcome            text not null,
  disposition        text not null,
  summary            text,
  summary_truncated  boolean not null default false,
  artifact           text,
  lease_token_sha256 bytea,
  primary key (todo_id, seq),
  constraint earlier_attempts_row_rules check (switchboard_internal.todo_attempts_row_ok(
    seq, claimer_kind, endpoint_id, owner_id, claimant, ended_at, outcome, disposition, summary, artifact, lease_token_sha256))
);
comment on table switchboard.earlier_attempts is
  'The closed attempts of a todo before its newest one (which is on the todo row, head_*); switchboard.todo_attempts shows both. Rows arrive when a todo is claimed again and leave by the per-todo cap or with their todo (cascade).';

insert into switchboard.earlier_attempts
select a.todo_id, a.seq, a.attempt, a.claimer_kind, a.endpoint_id, a.owner_id, a.mcp_session_id, a.owner, a.claimant,
       a.claimed_at, a.last_heartbeat_at, a.lease_expires_at, a.ended_at, a.outcome, a.disposition, a.summary,
       a.summary_truncated, a.artifact, a.lease_token_sha256
  from switchboard.todo_attempts a
  join switchboard.todos t on t.id = a.todo_id
 where a.seq < t.last_seq;

-- The Board's activity feed reads the newest closes: of heads (on todos) and of earlier attempts.
create index earlier_attempts_ended_idx on switchboard.earlier_attempts (ended_at desc);
create index todos_head_ended_idx on switchboard.todos (head_ended_at desc) where head_ended_at is not null;

-- Functions whose signature names the table's row type go with it; scripts/apply-functions.mjs recreates them
-- (against the view's row type) right after the migrations. The close trigger goes with the table: its function
-- file now puts the dead-letter trigger on todos.
do $$
declare r record;
begin
  for r in select p.oid::regprocedure as sig from pg_proc p
            where 'switchboard.todo_attempts'::regtype = any (p.proargtypes::oid[]) or p.prorettype = 'switchboard.todo_attempts'::regtype
  loop
    execute format('drop function %s', r.sig);
  end loop;
end $$;
drop table switchboard.todo_attempts;

create view switchboard.todo_attempts as
  select e.todo_id, e.seq, e.attempt, e.claimer_kind, e.endpoint_id, e.owner_id, e.mcp_session_id, e.owner, e.claimant,
         e.claimed_at, e.last_heartbeat_at, e.lease_expires_at, e.ended_at, e.outcome, e.disposition, e.summary,
         e.summary_truncated, e.artifact, e.lease_token_sha256
    from switchboard.earlier_attempts e
  union all
  select t.id, t.last_seq, t.head_attempt, t.head_claimer_kind, t.head_endpoint_id, t.head_owner_id, t.head_mcp_session_id,
         t.head_owner, t.head_claimant, t.head_claimed_at, t.head_last_heartbeat_at, t.head_lease_expires_at, t.head_ended_at,
         t.head_outcome, t.head_disposition, t.head_summary, t.head_summary_truncated, t.head_artifact, t.lease_token_sha256
    from switchboard.todos t
   where t.head_claimer_kind is not null;
comment on view switchboard.todo_attempts is
  'One row per claim (ADR-0039): who claimed, when, how it ended (outcome) and what the todo did next (disposition); ended_at is null while open. The newest attempt of a todo is stored on its row (todos.head_*), the earlier ones in earlier_attempts; writes through this view go to whichever holds the row (switchboard_internal.todo_attempts_write).';

grant select on switchboard.earlier_attempts, switchboard.todo_attempts to switchboard_admin;

-- The row rules of todos now include those of its head attempt (the same rules as an attempt row, by
-- todo_attempts_row_ok, plus: a head is open exactly while the todo is claimed), in the one check function call
-- per row the table already makes (migration 000007: cheaper than several CHECK expressions in PostgreSQL 15).
create function switchboard_internal.todos_row_ok(
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
  v_ok boolean;
  v_rule text;
begin
  -- The common case in one expression; which rule failed is worked out below only when one did. The head's own
  -- rules are todo_attempts_row_ok's, inlined here for the common case (a nested call per row costs more).
  v_ok := attempt >= 0 and max_attempts between 1 and 1000 and last_seq >= 0 and attempts_pruned between 0 and last_seq
     and case state
           when 'claimed' then owner is not null and lease_expires_at is not null and ready_at is null
                               and next_retry_at is null and last_seq > 0
           when 'pending' then owner is null and lease_expires_at is null and ready_at is not null and next_retry_at is null
           when 'failed' then owner is null and lease_expires_at is null and ready_at is not distinct from next_retry_at
           when 'done' then owner is null and lease_expires_at is null and ready_at is null and next_retry_at is null
           when 'canceled' then owner is null and lease_expires_at is null and ready_at is null and next_retry_at is null
           else false
         end
     and (head_claimer_kind is null
          or (last_seq >= 1 and (head_ended_at is null) = (state = 'claimed')
              and case head_claimer_kind when 'endpoint' then head_endpoint_id is not null
                                         when 'owner' then head_owner_id is not null else false end
              and coalesce(octet_length(head_claimant) <= 128, true) and coalesce(octet_length(head_summary) <= 2048, true)
              and coalesce(octet_length(head_artifact) <= 512, true)
              and coalesce(octet_length(lease_token_sha256) = 32, true)
              and case when head_ended_at is null then head_outcome is null and head_disposition is null
                       else coalesce(head_outcome || '/' || head_disposition in (
                              'completed/done', 'failed/retry_scheduled', 'failed/dead_lettered', 'released/requeued',
                              'lease_expired/requeued', 'reaped/requeued', 'reaped/dead_lettered', 'canceled/canceled',
                              'revoked/dead_lettered'), false)
                            and (head_outcome not in ('lease_expired', 'reaped') or (head_summary is null and head_artifact is null))
                  end));
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
  elsif head_claimer_kind is not null
        -- The head breaks one of an attempt's own rules: todo_attempts_row_ok raises naming it (else it is fine).
        and switchboard_internal.todo_attempts_row_ok(last_seq, head_claimer_kind, head_endpoint_id, head_owner_id,
              head_claimant, head_ended_at, head_outcome, head_disposition, head_summary, head_artifact, lease_token_sha256)
        -- The head attempt is open exactly while the todo is claimed: one open attempt per todo, and none left open
        -- behind a todo that moved on.
        and (last_seq < 1 or (head_ended_at is null) <> (state = 'claimed')) then
    v_rule := 'todos_head_open_while_claimed';
  else
    return true;
  end if;
  raise exception 'new row for relation "todos" violates check constraint "%"', v_rule
    using errcode = 'check_violation', schema = 'switchboard', table = 'todos', constraint = v_rule;
end;
$$;
comment on function switchboard_internal.todos_row_ok(text, text, timestamptz, timestamptz, timestamptz, integer, integer, integer, integer,
                                                      text, uuid, uuid, text, timestamptz, text, text, text, text, bytea) is
$$Internal, the todos_row_rules check: true, or check_violation naming the rule broken (todos_state_known, todos_claimed_has_lease,
todos_pending_is_free, todos_failed_retry_or_dead, todos_terminal_is_still, the counter ranges, todos_head_open_while_claimed, and an
rules of an attempt for the head: todo_attempts_outcome_pair, todo_attempts_died_is_silent, the claimer, the size bounds). One function
call per row is cheaper than PostgreSQL 15 re-parsing a dozen CHECK expressions for every statement.$$;
revoke all on function switchboard_internal.todos_row_ok(text, text, timestamptz, timestamptz, timestamptz, integer, integer, integer, integer,
                                                         text, uuid, uuid, text, timestamptz, text, text, text, text, bytea) from public;

alter table switchboard.todos
  drop constraint todos_row_rules,
  add constraint todos_row_rules check (switchboard_internal.todos_row_ok(
    state, owner, lease_expires_at, ready_at, next_retry_at, attempt, max_attempts, last_seq, attempts_pruned,
    head_claimer_kind, head_endpoint_id, head_owner_id, head_claimant, head_ended_at, head_outcome, head_disposition,
    head_summary, head_artifact, lease_token_sha256));
drop function switchboard_internal.todos_row_ok(text, text, timestamptz, timestamptz, timestamptz, integer, integer, integer, integer);
