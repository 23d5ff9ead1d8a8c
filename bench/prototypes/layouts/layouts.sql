-- Physical layouts of the todo, priced with raw SQL (bench/prototypes/layouts/raw.mjs): v1 today's single table with its eight
-- indexes (and, in v1 with the head_* columns set, the newest attempt on the row, migration 000010); v3 and v4 a wide row
-- with only stable indexes (its updates HOT) beside a narrow schedule table that carries what is claimable and leased
-- (v3 keeps terminal rows for retention, v4 deletes them); v5 today's table plus the attempt table as it was before
-- migration 000010 (insert at claim, update at close, the exclusion constraint). 200,000 pending rows each.
create extension if not exists pgcrypto;
create function uid7() returns uuid language sql volatile as $$ select encode(set_byte(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp())*1000)::bigint) from 3) from 1 for 6), 6, (112 + floor(random()*16))::int), 'hex')::uuid $$;
create table base (
  id uuid primary key default uid7(), endpoint_id uuid not null, queue text not null, title text,
  payload jsonb not null default '{}', routing jsonb not null default '{}', priority int not null default 0,
  state text not null default 'pending', attempt int not null default 0, max_attempts int not null default 5,
  owner text, lease_expires_at timestamptz, run_at timestamptz not null default now(), ready_at timestamptz,
  next_retry_at timestamptz, result jsonb, last_seq int not null default 0, attempts_pruned int not null default 0,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
  h_attempt int, h_kind text, h_endpoint uuid, h_owner_id uuid, h_session text, h_owner text, h_claimant text,
  h_claimed_at timestamptz, h_hb timestamptz, h_lease timestamptz, h_ended_at timestamptz, h_outcome text, h_disp text,
  h_summary text, h_trunc boolean, h_artifact text, h_token bytea
);
insert into base (endpoint_id, queue, payload, ready_at, created_at)
select '00000000-0000-0000-0000-000000000001', 'bench', jsonb_build_object('n', g), now() - interval '1 hour' + g * interval '1 ms', now() - interval '1 hour' + g * interval '1 ms' from generate_series(1, 200000) g;
-- V1: single table, today's 8 indexes
create table v1 (like base including defaults) with (fillfactor = 80, autovacuum_enabled = false);
insert into v1 select * from base order by id;
alter table v1 add primary key (id);
create index on v1 (endpoint_id, created_at desc, id desc);
create index on v1 ((lease_expires_at at time zone 'UTC')) where state = 'claimed';
create index on v1 (endpoint_id, queue, lease_expires_at) where state = 'claimed';
create index on v1 (endpoint_id, priority desc, ready_at) where ready_at is not null;
create index on v1 (endpoint_id, queue, priority desc, ready_at) where ready_at is not null;
create index on v1 (next_retry_at) where next_retry_at is not null;
create index on v1 (updated_at) where state in ('done','canceled') or (state='failed' and next_retry_at is null);
-- V3/V4: todos HOT + narrow schedule
create table v3 (like base including defaults) with (fillfactor = 80, autovacuum_enabled = false);
insert into v3 select * from base order by id;
alter table v3 add primary key (id);
create index on v3 (endpoint_id, created_at desc, id desc);
create index on v3 (next_retry_at) where next_retry_at is not null;
create table s3 (todo_id uuid primary key references v3 on delete cascade, endpoint_id uuid not null, queue text not null, priority int not null,
  ready_at timestamptz, lease_expires_at timestamptz, ended_at timestamptz) with (fillfactor = 80, autovacuum_enabled = false);
insert into s3 select id, endpoint_id, queue, priority, ready_at, null, null from v3 order by id;
create index on s3 (endpoint_id, queue, priority desc, ready_at) where ready_at is not null;
create index on s3 (endpoint_id, priority desc, ready_at) where ready_at is not null;
create index on s3 (endpoint_id, queue, lease_expires_at) where lease_expires_at is not null;
create index on s3 (lease_expires_at) where lease_expires_at is not null;
create index on s3 (ended_at) where ended_at is not null;
create table v4 (like v3 including defaults) with (fillfactor = 80, autovacuum_enabled = false);
insert into v4 select * from base order by id;
alter table v4 add primary key (id);
create index on v4 (endpoint_id, created_at desc, id desc);
create index on v4 (next_retry_at) where next_retry_at is not null;
create table s4 (todo_id uuid primary key references v4 on delete cascade, endpoint_id uuid not null, queue text not null, priority int not null,
  ready_at timestamptz, lease_expires_at timestamptz) with (fillfactor = 80, autovacuum_enabled = false);
insert into s4 select id, endpoint_id, queue, priority, ready_at, null from v4 order by id;
create index on s4 (endpoint_id, queue, priority desc, ready_at) where ready_at is not null;
create index on s4 (endpoint_id, priority desc, ready_at) where ready_at is not null;
create index on s4 (endpoint_id, queue, lease_expires_at) where lease_expires_at is not null;
create index on s4 (lease_expires_at) where lease_expires_at is not null;
-- V5: V1 + today's attempts table (insert at claim, update at close)
create table v5 (like v1 including defaults including indexes) with (fillfactor = 80, autovacuum_enabled = false);
insert into v5 select * from base order by id;
create table a5 (todo_id uuid not null references v5 on delete cascade, seq int not null, attempt int not null, claimer_kind text not null,
  endpoint_id uuid, owner text not null, claimed_at timestamptz not null, last_heartbeat_at timestamptz, lease_expires_at timestamptz not null,
  ended_at timestamptz, outcome text, disposition text, summary text, summary_truncated boolean not null default false, artifact text, lease_token_sha256 bytea,
  primary key (todo_id, seq), constraint one_open exclude (todo_id with =) where (ended_at is null) deferrable initially deferred) with (autovacuum_enabled = false);
create index on a5 (ended_at desc) where ended_at is not null;
vacuum analyze;
