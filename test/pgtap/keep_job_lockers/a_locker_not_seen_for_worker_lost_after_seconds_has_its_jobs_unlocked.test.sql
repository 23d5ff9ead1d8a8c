-- A worker process marks the graphile-worker lockers it runs (pool and worker ids) seen at every interval; a locker
-- no process has marked for worker_lost_after_seconds belonged to a process that died, and the next sweep of a worker
-- that has itself been marking for that long deletes it and unlocks its jobs. Nothing is unlocked for a caller that
-- was cut off itself, for a locker seen recently, or for a locker no process ever marked.
begin;
select plan(16);

-- Jobs locked as graphile-worker locks them (locked_by, locked_at), by the lockers named by their keys.
create function pg_temp.locked() returns text[] language sql as $$
  select coalesce(array_agg(key order by key), '{}') from graphile_worker._private_jobs where locked_by is not null
$$;
select count(graphile_worker.add_job('switchboard_doorbell_webhook', '{}'::json, job_key => k))
  from unnest(array['pool-dead', 'worker-dead', 'pool-recent', 'pool-unknown', 'pool-me']) k;
delete from switchboard.job_lockers;
update graphile_worker._private_jobs set locked_by = key, locked_at = now() - interval '10 minutes';
insert into switchboard.job_lockers (locker_id, seen_at)
values ('pool-dead', now() - interval '61 seconds'), ('worker-dead', now() - interval '10 minutes'),
       ('pool-recent', now() - interval '30 seconds'), ('pool-me', now() - interval '10 minutes');

select is(switchboard_worker.keep_job_lockers(array['pool-me'], 59), 0,
          'a caller whose own marks have run 59 s unlocks nothing (60 s by default)');
select is(pg_temp.locked(), array['pool-dead', 'pool-me', 'pool-recent', 'pool-unknown', 'worker-dead'], 'every job stays locked');
select ok((select seen_at = now() from switchboard.job_lockers where locker_id = 'pool-me'), 'but its own locker is marked seen now');

select is(switchboard_worker.keep_job_lockers(array['pool-me'], 60), 2, 'at 60 s: the two lockers not seen for 60 s are lost');
select is(pg_temp.locked(), array['pool-me', 'pool-recent', 'pool-unknown'],
          'their jobs are unlocked; the caller''s, a recently seen one''s and one no process marked stay locked');
select is(array(select locker_id from switchboard.job_lockers order by 1), array['pool-me', 'pool-recent'],
          'the lost lockers are gone from the table');
select is((select count(*) from graphile_worker._private_jobs where key = 'pool-dead' and locked_at is null), 1::bigint,
          'and graphile-worker may run the job again');
select is(switchboard_worker.keep_job_lockers(array['pool-me'], 600), 0, 'a second sweep finds no one lost');

select test.set('worker_lost_after_seconds', '15');
select is(switchboard_worker.keep_job_lockers(array['pool-me', 'worker-me'], 15), 1, 'at 15 s lost after 15 s: the one seen 30 s ago');
select is(pg_temp.locked(), array['pool-me', 'pool-unknown'], 'its job is unlocked');
select is(array(select locker_id from switchboard.job_lockers order by 1), array['pool-me', 'worker-me'],
          'each locker the caller names is marked, a new one too');
select test.set('worker_lost_after_seconds', '14');
select is((select in_force from switchboard.settings_in_force() where key = 'worker_lost_after_seconds'), '60',
          'below 15 the setting reads as the default');

select throws_ok($$select switchboard_worker.keep_job_lockers(null, 0)$$, 'SB422', null, 'no array: invalid');
select throws_ok($$select switchboard_worker.keep_job_lockers(array['pool-x', ''], 0)$$, 'SB422', null, 'an empty id: invalid');
select throws_ok($$select switchboard_worker.keep_job_lockers(array[repeat('x', 129)], 0)$$, 'SB422', null, 'an id over 128: invalid');
select throws_ok($$select switchboard_worker.keep_job_lockers(array(select 'w' || g from generate_series(1, 1001) g), 0)$$,
                 'SB422', null, 'over 1000 ids: invalid');

select * from finish();
rollback;
