--! Previous: sha1:001f1ff8f8d89954440f168deacb6c105813eab3
--! Hash: sha1:2ccac8997e25c9f7b547ec88f208570f05220269
--! Message: Operations: sharded attempt-close counters, owner notify_url and endpoint doorbell_url, the due-retry index

-- Operations: counters the transitions maintain, webhook URLs for notifications and doorbells, and the index
-- the due-retry sweep reads. The triggers that maintain and announce live with their functions in
-- sql/functions (_on_attempt_closed.sql, _on_todo_claimable.sql); see README, "Operating Switchboard".

-- attempt_close_counts: closed attempts by queue and outcome, for switchboard_todo_attempts_closed_total
-- and switchboard_todo_leases_expired_total (outcomes lease_expired + reaped). Written by the trigger on
-- todo_attempts in the transaction that closes the attempt, so every path counts (MCP, Board, psql), and
-- independent of todo_attempts, so retention never makes a counter go down. A row per (queue, outcome,
-- shard), shard = the writing backend's pid % 16: concurrent closers mostly update different rows, so no
-- single hot row serializes completions; a scrape sums the shards.
create table if not exists switchboard.attempt_close_counts (
  queue   text not null,
  outcome text not null,
  shard   smallint not null constraint attempt_close_counts_shard_range check (shard between 0 and 15),
  n       bigint not null default 0 constraint attempt_close_counts_n_nonnegative check (n >= 0),
  primary key (queue, outcome, shard)
) with (fillfactor = 50);
comment on table switchboard.attempt_close_counts is
  'Monotonic counters of closed attempts per queue and outcome, sharded by backend pid % 16; sum the shards to read.';
revoke all on switchboard.attempt_close_counts from public;

-- Attempts closed before the counters existed count too, so a counter starts equal to the attempts table.
insert into switchboard.attempt_close_counts (queue, outcome, shard, n)
select t.queue, a.outcome, 0, count(*)
  from switchboard.todo_attempts a
  join switchboard.todos t on t.id = a.todo_id
 where a.ended_at is not null
 group by t.queue, a.outcome
on conflict (queue, outcome, shard) do nothing;

-- Webhook URLs, both optional, set by their owner (set_owner_notify_url, set_endpoint_doorbell_url) and read
-- by the worker at delivery time, so a changed or cleared URL applies to deliveries still queued.
-- notify_url: the owner's dead-letter sink (besides the instance's SWITCHBOARD_NOTIFY_URL).
-- doorbell_url: POSTed {queue} when a todo of the endpoint becomes claimable.
alter table switchboard.owners add column if not exists notify_url text
  constraint owners_notify_url_format check (notify_url ~ '^https?://[^[:space:]]+$' and octet_length(notify_url) <= 2048);
alter table switchboard.endpoints add column if not exists doorbell_url text
  constraint endpoints_doorbell_url_format check (doorbell_url ~ '^https?://[^[:space:]]+$' and octet_length(doorbell_url) <= 2048);

-- requeue_due_retries: failed todos whose retry is due, oldest first, across tenants. Only failed todos
-- waiting for a retry have next_retry_at (the state checks guarantee it), so the index stays small.
create index if not exists todos_retry_due_idx on switchboard.todos (next_retry_at)
  where next_retry_at is not null;

insert into switchboard.settings (key, value) values
  ('notify_max_attempts', '12'),
  ('webhook_allow_http', 'false')
on conflict (key) do nothing;
