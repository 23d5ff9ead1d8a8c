--! Previous: sha1:049ff62c16819ca7b1aaf8781ef2bb24003b8c1a
--! Hash: sha1:c8b7681e93689b3e5a97f51cd2d8ede322e4abdb
--! Message: queue parity: idempotency keys for add_todo (kept as long as their todo), per-queue controls (pause, max_claimed, claims_per_minute) and schedules

-- Idempotency keys: the key an endpoint filed a todo with, and a digest of the arguments it came with. A row goes
-- with its todo (on delete cascade), so a key lasts exactly as long as the todo it names. A table of its own, not
-- columns of todos: a todo filed without a key costs nothing more, and the claim path never reads it.
create table switchboard.todo_keys (
  endpoint_id uuid not null references switchboard.endpoints (id),
  key text not null check (octet_length(key) between 1 and 256),
  todo_id uuid not null references switchboard.todos (id) on delete cascade,
  args_sha256 bytea not null,
  primary key (endpoint_id, key)
);
create index todo_keys_todo_idx on switchboard.todo_keys (todo_id);

-- Per-queue controls of an owner's personal queues (holder: the owner, across all of its endpoints) or of a team's
-- queues (holder: the team). A row exists only while something is set: claim_next's one probe of the primary key's
-- leading column (queue) finds nothing for a queue without controls (the functions delete a row left with nothing set). rate_tat is the claims_per_minute limiter's
-- theoretical arrival time (GCRA): a claim is admitted while rate_tat <= now() + (60 s - 60 s / claims_per_minute).
create table switchboard.queue_controls (
  queue text not null,
  holder_id uuid not null,
  team_id uuid references switchboard.teams (id),
  owner_id uuid references switchboard.owners (id),
  paused boolean not null default false,
  max_claimed integer check (max_claimed between 1 and 1000000),
  claims_per_minute integer check (claims_per_minute between 1 and 60000),
  rate_tat timestamptz,
  updated_at timestamptz not null default now(),
  primary key (queue, holder_id),
  check ((team_id is null) <> (owner_id is null) and holder_id = coalesce(team_id, owner_id))
);
create index queue_controls_holder_idx on switchboard.queue_controls (holder_id, queue);

-- Schedules: a cron line that files a todo per tick through add_todo for the endpoint that made it, in that
-- endpoint's scope (a team queue's schedule in the team's). next_run_at is the next tick not yet filed.
create table switchboard.schedules (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references switchboard.endpoints (id),
  scope_id uuid not null,
  queue text not null,
  cron text not null,
  payload jsonb not null default '{}',
  title text,
  time_zone text not null default 'UTC',
  next_run_at timestamptz not null,
  last_run_at timestamptz,
  created_at timestamptz not null default now()
);
create index schedules_due_idx on switchboard.schedules (next_run_at);
create index schedules_scope_idx on switchboard.schedules (scope_id, created_at, id);

grant select on switchboard.todo_keys, switchboard.queue_controls, switchboard.schedules to switchboard_admin;
