-- settings_in_force: every setting Switchboard reads: stored value, value in force, why they
-- differ. A value that does not parse, or is out of range, is read as the default without a word
-- (every use reads the setting afresh and must not fail on it), so this is where a DBA sees it,
-- with what each setting means. A stored key nothing reads is listed as such. Reads only. Returns
-- rows (key, stored, in_force, why, meaning). Errors: none.
--
-- Example: select key, stored, in_force, why from switchboard.settings_in_force();
create or replace function switchboard.settings_in_force()
returns table (key text, stored text, in_force text, why text, meaning text)
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_column
declare
  r record;
  v_stored text;
  v_force text;
  v_num bigint;
  -- Every key listed before the last loop, so that loop names only the keys nothing reads.
  v_known text[] := '{}'::text[];
begin
  -- The whole-number settings as their readers call setting_int: (key, default, min, max, what it means).
  for r in select * from (values
      ('retention_max_age_days', 30, 0, 36500,
       'prune() deletes terminal todos (done, canceled, dead letters) unchanged for this many days (0..36500); '
       || 'their attempts go with them'),
      ('retention_max_rows', null, 0, 2147483647, 'prune() keeps at most this many terminal todos; unset: no cap'),
      ('retry_backoff_base_seconds', 10, 0, 86400,
       'the retry delay after attempt n is min(max, base * 2^(n-1)) seconds, jittered to between half of it and '
       || 'all of it (5-10 s, then 10-20 s, ...); 0..86400'),
      ('retry_backoff_max_seconds', 3600, 0, 604800, 'the cap on the retry delay (0..604800)'),
      ('default_lease_seconds', 300, 1, 86400, 'the lease when a claim or heartbeat names none (1..86400)'),
      ('default_max_attempts', 5, 1, 1000, 'max_attempts when add_todo names none (1..1000)'),
      ('add_todos_max', 1000, 1, 100000, 'the most todos one add_todos call files (1..100000); more is invalid'),
      ('retry_dead_letters_max', 1000, 1, 100000,
       'the most dead letters one retry_dead_letters call (the Board''s Retry all) retries (1..100000); a larger '
       || 'batch_limit is invalid'),
      ('queue_controls_max_per_holder', 1000, 1, 1000000,
       'the most queues one owner, or one team, may hold controls on (paused or limited; 1..1000000); one more '
       || 'pause_queue or set_queue_limits is refused throttled'),
      ('cancel_queue_max', 1000, 1, 100000,
       'the most todos one cancel_queue call (the Board''s Cancel all) cancels (1..100000); a larger batch_limit is '
       || 'invalid'),
      ('todos_max_per_scope', 1000000, 1, 1000000000,
       'the most todos one scope (an endpoint''s own, or a team''s) may store, finished ones included until '
       || 'retention deletes them (1..1000000000); one more add_todo is refused throttled, and a schedule''s tick '
       || 'waits for room'),
      ('notify_queue_max_percent', 50, 1, 100,
       'Switchboard sends no NOTIFY (doorbells, A2A wakes, credential refusals) while PostgreSQL''s notification '
       || 'queue is at least this full (1..100 percent), and owes webhook jobs instead of queuing them (queue_owed_jobs '
       || 'queues them later): a NOTIFY into a full queue fails its transaction'),
      ('worker_lost_after_seconds', 60, 15, 86400,
       'a worker process that has not marked for this long which graphile-worker pool and workers it runs (each '
       || 'marks every 5 s, whatever SWITCHBOARD_REAP_INTERVAL) is taken as lost, and another worker unlocks the '
       || 'jobs it held (keep_job_lockers); 15..86400'),
      ('schedules_max_per_endpoint', 100, 0, 100000, 'the most schedules one endpoint may hold (0..100000); more is invalid'),
      ('schedule_backfill_max', 10, 1, 10000,
       'after downtime, run_schedules files at most this many missed ticks of a schedule (the newest ones) and '
       || 'skips the older ones (1..10000)'),
      ('board_session_hours', 12, 1, 720, 'how long a Board session lasts after sign-in (1..720)'),
      ('notify_max_attempts', 12, 1, 100,
       'tries of a webhook delivery (dead-letter notification, doorbell) before the worker gives up; 12 is about '
       || '16 hours of exponential backoff (1..100)'),
      ('endpoints_max_per_owner', 50, 1, 1000000,
       'live (unrevoked) endpoints one owner may have vended, personal and team ones together; one more vend is '
       || 'refused throttled and counted in vends_refused_at_cap (1..1000000)'),
      ('endpoints_max_per_team', 100, 1, 1000000,
       'live endpoints one team may have, whoever vended them; one more is refused throttled and counted '
       || '(1..1000000)'),
      ('shard_partitions', null, 1, 256,
       'the number of partitions (a power of two) of the PL/Proxy cluster this database is a shard of, written by '
       || '`switchboard shard init`; unset: not sharded, ids and secrets as ever'),
      ('shard_partition', null, 0, 255,
       'this shard''s partition number (0..shard_partitions - 1), written by `switchboard shard init`: new owners, '
       || 'teams and endpoints carry a slot whose low bits are it')) v(k, dflt, lo, hi, m)
  loop
    select s.value into v_stored from switchboard.settings s where s.key = r.k;
    v_force := switchboard_internal.setting_int(r.k, r.dflt, r.lo, r.hi)::text;
    key := r.k; stored := v_stored; in_force := coalesce(v_force, 'unset'); meaning := r.m;
    why := case
      when v_stored is null then case when r.dflt is null then null else 'not set: the default' end
      when v_stored !~ '^\s*-?[0-9]{1,12}\s*$' then format('not a whole number: the default (%s)', coalesce(r.dflt::text, 'unset'))
      else null end;
    if why is null and v_stored is not null then
      v_num := trim(v_stored)::bigint;
      if v_num < r.lo or v_num > r.hi then
        why := format('outside %s..%s: the default (%s)', r.lo, r.hi, coalesce(r.dflt::text, 'unset'));
      end if;
    end if;
    v_known := array_append(v_known, key);
    return next;
  end loop;

  -- attempt_history_max_per_todo has its own rule (the reference page's): below 5 is raised to 5.
  select s.value into v_stored from switchboard.settings s where s.key = 'attempt_history_max_per_todo';
  key := 'attempt_history_max_per_todo'; stored := v_stored; in_force := switchboard_internal.history_cap()::text;
  meaning := 'attempt rows kept per todo, the oldest deleted first (counted in attempts_pruned); below 5 means 5, '
             || 'not a whole number 0..999999 means 50';
  why := case
    when v_stored is null then 'not set: the default'
    when v_stored !~ '^[0-9]{1,6}$' then 'not a whole number 0-999999: the default (50)'
    when v_stored::integer < 5 then 'below 5: raised to 5'
    when v_stored <> in_force then 'written differently: read as ' || in_force
    else null end;
  v_known := array_append(v_known, key);
  return next;

  -- The switches, as setting_bool reads them: true, on, yes or 1 (any case, trimmed) is true, anything else false.
  for r in select * from (values
      ('attempt_summary_from_result',
       'true: a complete or fail that sends no summary stores the compact JSON of its result as the attempt''s '
       || 'summary, cut to 2048 bytes (release never does); SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT writes it'),
      ('webhook_allow_http', 'true: owner webhook URLs (notify_url, doorbell_url) may be http, for local development'),
      ('instance_dead_letter_sink',
       'written by each worker as it starts: true when it has SWITCHBOARD_NOTIFY_URL; only then does a dead letter '
       || 'queue a job for the instance''s sink')) v(k, m) loop
    select s.value into v_stored from switchboard.settings s where s.key = r.k;
    key := r.k; stored := v_stored; in_force := switchboard_internal.setting_bool(r.k)::text; meaning := r.m;
    why := case
      when v_stored is null then 'not set: false'
      when lower(trim(v_stored)) in ('true', 'on', 'yes', '1', 'false', 'off', 'no', '0') then
        case when v_stored <> in_force then 'read as ' || in_force end
      else 'not true/on/yes/1: read as false' end;
    v_known := array_append(v_known, key);
    return next;
  end loop;

  for r in select s.key as k, s.value as v from switchboard.settings s
            where s.key <> all (v_known)
            order by s.key loop
    key := r.k; stored := r.v; in_force := null; why := 'unknown key: nothing reads it'; meaning := null;
    return next;
  end loop;
end;
$$;
