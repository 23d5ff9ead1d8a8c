--! Previous: -
--! Hash: sha1:1827ef65db997a2f4799a50842b1c44c58a19703
--! Message: ledger schema

-- The ledger: owners, endpoints, todos, todo_attempts, settings.
-- Functions live in sql/functions and are applied after every migration (see README, "How the SQL reaches
-- the database"); this file holds only tables, indexes, roles and grants.

drop schema if exists switchboard cascade;
create schema switchboard;
comment on schema switchboard is
  'Switchboard: a dispatch queue for AI agents. Tables are private; the API is the functions (\df+ switchboard.*).';

-- The role the servers run as. It may execute the API and touch no table. NOLOGIN: a deployment grants
-- it to the login role its server uses (`grant switchboard_app to my_login`).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'switchboard_app') then
    create role switchboard_app nologin;
  end if;
end
$$;

revoke all on schema switchboard from public;
grant usage on schema switchboard to switchboard_app;

--------------------------------------------------------------------------------------------------------
-- owners: the humans who vend endpoints and own the work (the Board's users).
create table switchboard.owners (
  id         uuid primary key default gen_random_uuid(),
  handle     text not null
             constraint owners_handle_format check (handle ~ '^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$'),
  created_at timestamptz not null default now()
);
create unique index owners_handle_key on switchboard.owners (lower(handle));
comment on table switchboard.owners is 'Humans. Each owns the endpoints it vended and, through them, their todos.';

--------------------------------------------------------------------------------------------------------
-- endpoints: agent credentials. The verb set is frozen at vend time; the credential itself is shown once
-- and only its SHA-256 is kept. Every worker on an endpoint acts as the same owner, agent:<agent_id>.
-- A revoked endpoint (revoked_at set) is forbidden for every verb; its open leases were dead-lettered.
create table switchboard.endpoints (
  id                uuid primary key default gen_random_uuid(),
  owner_id          uuid not null references switchboard.owners (id),
  agent_id          text not null
                    constraint endpoints_agent_id_format check (agent_id ~ '^[A-Za-z0-9][A-Za-z0-9_.:/@-]{0,127}$'),
  verbs             text[] not null
                    constraint endpoints_verbs_known check (
                      cardinality(verbs) > 0
                      and verbs <@ array['add_todo','claim','claim_next','heartbeat','complete','fail',
                                         'release','get_todo','list_todos']::text[]),
  credential_sha256 bytea not null unique
                    constraint endpoints_credential_is_sha256 check (octet_length(credential_sha256) = 32),
  created_at        timestamptz not null default now(),
  revoked_at        timestamptz
);
create index endpoints_owner_id_idx on switchboard.endpoints (owner_id);
comment on table switchboard.endpoints is
  'Agent credentials vended by an owner: frozen verb set, SHA-256 of the credential, revoked_at.';

--------------------------------------------------------------------------------------------------------
-- todos: the work, owned by exactly one endpoint (the tenant scope); queue is a name inside that scope.
--
-- state     how it is entered                                   how it is left
-- pending   add_todo; release; reap below the cap; retry_now;   claim/claim_next (once ready_at <= now);
--           a due retry requeued by the worker                  cancel
-- claimed   claim, claim_next, a Board claim, a takeover of a   complete, fail, release, reap (lease
--           lapsed lease                                        lapsed), cancel, revoke_endpoint, takeover
-- failed    fail (below the cap: next_retry_at set, a retry     claim/claim_next once next_retry_at <= now;
--           is scheduled; at the cap: a dead letter); reap at   the worker's due-retry requeue; retry_now;
--           the cap; revoke_endpoint                            cancel; prune (dead letters only)
-- done      complete                                            prune (retention)
-- canceled  cancel                                              prune (retention)
--
-- ready_at is when the todo becomes claimable (run_at for a pending todo, next_retry_at for a scheduled
-- retry) and null when it never will be without a transition (claimed, done, canceled, dead letter).
-- It exists so that one partial index answers "what can I claim now"; a claimed todo is found through
-- lease_expires_at instead. The lapse of a lease is judged by lease_expires_at alone.
create table switchboard.todos (
  id               uuid primary key default gen_random_uuid(),
  endpoint_id      uuid not null references switchboard.endpoints (id),
  queue            text not null,
  title            text,
  payload          jsonb not null default '{}',
  routing          jsonb not null default '{}',
  priority         integer not null default 0,
  state            text not null default 'pending'
                   constraint todos_state_known check (state in ('pending','claimed','done','failed','canceled')),
  attempt          integer not null default 0 constraint todos_attempt_nonnegative check (attempt >= 0),
  max_attempts     integer not null constraint todos_max_attempts_range check (max_attempts between 1 and 1000),
  owner            text,
  lease_expires_at timestamptz,
  run_at           timestamptz not null default now(),
  ready_at         timestamptz,
  next_retry_at    timestamptz,
  result           jsonb,
  last_seq         integer not null default 0 constraint todos_last_seq_nonnegative check (last_seq >= 0),
  attempts_pruned  integer not null default 0 constraint todos_attempts_pruned_range check (attempts_pruned between 0 and last_seq),
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),

  -- A claimed todo has an owner and a lease, and nothing else says when it is ready.
  constraint todos_claimed_has_lease check (
    state <> 'claimed' or (owner is not null and lease_expires_at is not null
                           and ready_at is null and next_retry_at is null and last_seq > 0)),
  -- A pending todo has neither owner nor lease, and a time from which it may be claimed.
  constraint todos_pending_is_free check (
    state <> 'pending' or (owner is null and lease_expires_at is null and ready_at is not null
                           and next_retry_at is null)),
  -- A failed todo either waits for its retry (ready then) or is a dead letter (never ready).
  constraint todos_failed_retry_or_dead check (
    state <> 'failed' or (owner is null and lease_expires_at is null
                          and ready_at is not distinct from next_retry_at)),
  -- done and canceled are terminal: nothing is held, nothing is scheduled.
  constraint todos_terminal_is_still check (
    state not in ('done','canceled') or (owner is null and lease_expires_at is null
                                         and ready_at is null and next_retry_at is null))
) with (fillfactor = 80);

comment on table switchboard.todos is
  'The work. States: pending, claimed, done, failed (retry scheduled when next_retry_at is set, else a dead letter), canceled.';

-- claim_next with a queue: the best ready todo of one queue.
create index todos_ready_queue_idx on switchboard.todos (endpoint_id, queue, priority desc, ready_at)
  where ready_at is not null;
-- claim_next without a queue: the best ready todo across the endpoint's queues.
create index todos_ready_idx on switchboard.todos (endpoint_id, priority desc, ready_at)
  where ready_at is not null;
-- Held leases: takeover of a lapsed lease by claim_next, and the reaper's sweep.
create index todos_leased_idx on switchboard.todos (endpoint_id, queue, lease_expires_at)
  where state = 'claimed';
create index todos_lease_lapse_idx on switchboard.todos (lease_expires_at)
  where state = 'claimed';
-- Reads: list_todos newest first within an endpoint; retention by age among terminal todos.
create index todos_endpoint_created_idx on switchboard.todos (endpoint_id, created_at desc, id desc);
create index todos_terminal_idx on switchboard.todos (updated_at)
  where state in ('done','canceled') or (state = 'failed' and next_retry_at is null);

--------------------------------------------------------------------------------------------------------
-- todo_attempts: one row per committed claim, closed by whichever transition ends the lease.
-- Reachable only through its todo (no tenancy column): it inherits the todo's scope.
create table switchboard.todo_attempts (
  todo_id            uuid not null references switchboard.todos (id) on delete cascade,
  seq                integer not null constraint todo_attempts_seq_positive check (seq >= 1),
  attempt            integer not null,
  claimer_kind       text not null constraint todo_attempts_claimer_kind_known check (claimer_kind in ('endpoint','owner')),
  -- Provenance, never authority. No foreign key on purpose: a key-share lock on the endpoint row from
  -- every claim would serialize an endpoint's claims through one hot row. Endpoints are never deleted.
  endpoint_id        uuid,
  owner_id           uuid,
  mcp_session_id     text,
  owner              text not null,
  claimant           text constraint todo_attempts_claimant_size check (octet_length(claimant) <= 128),
  claimed_at         timestamptz not null,
  last_heartbeat_at  timestamptz,
  lease_expires_at   timestamptz not null,
  ended_at           timestamptz,
  outcome            text,
  disposition        text,
  summary            text constraint todo_attempts_summary_size check (octet_length(summary) <= 2048),
  summary_truncated  boolean not null default false,
  artifact           text constraint todo_attempts_artifact_size check (octet_length(artifact) <= 512),
  lease_token_sha256 bytea constraint todo_attempts_token_is_sha256 check (octet_length(lease_token_sha256) = 32),

  primary key (todo_id, seq),
  -- At most one open attempt per todo, checked at commit.
  constraint todo_attempts_one_open exclude using btree (todo_id with =) where (ended_at is null)
    deferrable initially deferred,
  constraint todo_attempts_claimer check (
    (claimer_kind = 'endpoint' and endpoint_id is not null) or (claimer_kind = 'owner' and owner_id is not null)),
  -- Open: no outcome. Closed: exactly the pairs of ADR-0039's transition table.
  constraint todo_attempts_outcome_pair check (
    (ended_at is null and outcome is null and disposition is null)
    or (ended_at is not null and (outcome, disposition) in (
         ('completed','done'), ('failed','retry_scheduled'), ('failed','dead_lettered'),
         ('released','requeued'), ('lease_expired','requeued'), ('reaped','requeued'),
         ('reaped','dead_lettered'), ('canceled','canceled'), ('revoked','dead_lettered')))),
  -- A holder that died never reported.
  constraint todo_attempts_died_is_silent check (
    outcome is null or outcome not in ('lease_expired','reaped') or (summary is null and artifact is null))
);
comment on table switchboard.todo_attempts is
  'One row per claim: who claimed, when, how it ended (outcome) and what the todo did next (disposition).';

--------------------------------------------------------------------------------------------------------
-- settings: key/value rows read on every use, so a change takes effect without a restart.
create table switchboard.settings (
  key   text primary key,
  value text not null
);
comment on table switchboard.settings is 'Operator settings, read on every use. Values are text; bad values fall back to defaults.';
insert into switchboard.settings (key, value) values
  ('attempt_history_max_per_todo', '50'),
  ('retention_max_age_days', '30'),
  ('retry_backoff_base_seconds', '10'),
  ('retry_backoff_max_seconds', '3600'),
  ('default_lease_seconds', '300'),
  ('default_max_attempts', '5'),
  ('attempt_summary_from_result', 'false');

revoke all on all tables in schema switchboard from public;

-- What sql/functions last applied (a SHA-256 over their files), so that applying them again is a no-op.
create table switchboard.functions_applied (
  singleton  boolean primary key default true constraint functions_applied_singleton check (singleton),
  sha256     text not null,
  applied_at timestamptz not null default now()
);
revoke all on switchboard.functions_applied from public;
