--! Previous: sha1:300bb86a4e1f7d7fb8cdd93e3062f1e780d5c76f
--! Hash: sha1:f8c523ae9a6d0a6c318eabcba4ad75dad9f99e69
--! Message: presence (ADR-0027): an endpoint is clocked in or out since a time, a clocked-out one gets no doorbells (counted in doorbell_skips), and the agent verbs gain clock_in and clock_out

-- Presence (ADR-0027): an endpoint is clocked in or clocked out, since a time. A clocked-out endpoint gets no
-- doorbells (no webhook post, no wake of its long polls), counted in doorbell_skips; its claims still open attempts
-- exactly as before: presence gates doorbells, never history. Its owner clocks it from the Board, the CLI and SQL
-- (switchboard.set_endpoint_presence, owner_set_endpoint_presence); an agent clocks its own endpoint with the new agent
-- verbs clock_in and clock_out, which this migration adds to the one list of agent verbs.
alter table switchboard.endpoints add column clocked_in boolean not null default true;
alter table switchboard.endpoints add column presence_since timestamptz;
update switchboard.endpoints set presence_since = created_at;
alter table switchboard.endpoints alter column presence_since set default now();
alter table switchboard.endpoints alter column presence_since set not null;
comment on column switchboard.endpoints.clocked_in is
  'Presence (ADR-0027): false = clocked out, rung by no doorbell (its claims still open attempts as before).';
comment on column switchboard.endpoints.presence_since is 'When the endpoint last clocked in or out (created_at until then).';

-- Doorbells not rung because their endpoint was clocked out: a counter for /metrics, sharded like attempt_close_counts
-- so that no single row is every ringing transaction's to wait for; a scrape sums the shards.
create table switchboard.doorbell_skips (
  shard smallint primary key,
  n bigint not null default 0,
  constraint doorbell_skips_shard_range check (shard between 0 and 15),
  constraint doorbell_skips_n_nonnegative check (n >= 0)
) with (fillfactor = 50);
comment on table switchboard.doorbell_skips is
  'Doorbells skipped because their endpoint was clocked out (rings, and webhook deliveries queued before it clocked out), sharded by backend pid % 16.';
grant select on switchboard.doorbell_skips to switchboard_admin;

-- The agent verbs, with clock_in and clock_out appended (the endpoints CHECK and contract() read this list).
create or replace function switchboard_internal.agent_verbs()
returns text[]
language sql
immutable
parallel safe
as $fn$
  select array['add_todo', 'claim', 'claim_next', 'heartbeat', 'complete', 'fail', 'release', 'get_todo', 'list_todos',
               'cancel', 'clock_in', 'clock_out']::text[];
$fn$;
comment on function switchboard_internal.agent_verbs() is
  'Internal. The agent verbs in their canonical order: the one list the endpoints CHECK and contract() read.';
revoke all on function switchboard_internal.agent_verbs() from public;
