-- keep_job_lockers: marks a worker's graphile-worker lockers seen, and unlocks the jobs of lost
-- ones. A locker is a pool or worker id, as graphile_worker jobs' locked_by names it. Each
-- locker_ids element is marked seen now (switchboard.job_lockers). Then, when unlock_after_seconds
-- (how long the caller's own sweeps have been succeeding without a break) has reached
-- worker_lost_after_seconds (60 unless set to 15..86400), every other locker not seen for that long
-- is lost: its row is deleted and graphile_worker.force_unlock_workers frees its jobs, which
-- another worker then runs (a webhook may be delivered twice: at least once). A caller that was
-- itself cut off unlocks nothing until it has seen as long as the others had to be seen in, so a
-- database that was away does not make every locker look lost to the first sweep back. Returns the
-- number of lost lockers unlocked. Errors: invalid (locker_ids null, over 1000 elements, or an
-- element empty, null or over 128 characters; unlock_after_seconds negative).
--
-- locker_ids: the graphile-worker pool and worker ids the calling process runs now (its runner's),
--   1..128 characters each, at most 1000.
-- unlock_after_seconds: how long the caller's own marks have been succeeding without a break, in
--   seconds; 0 (the default) only marks.
--
-- Example: select switchboard.keep_job_lockers(locker_ids => array['pool-8f2c', 'worker-01ab'],
--   unlock_after_seconds => 120);
create or replace function switchboard.keep_job_lockers(locker_ids text[], unlock_after_seconds integer default 0)
returns integer
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_lost_after integer := switchboard_internal.setting_int('worker_lost_after_seconds', 60, 15, 86400);
  v_lost text[];
begin
  if locker_ids is null or cardinality(locker_ids) > 1000
     or exists (select 1 from unnest(locker_ids) l where l is null or length(l) not between 1 and 128) then
    perform switchboard_internal.raise('invalid', 'locker_ids must be an array of at most 1000 ids of 1 to 128 characters',
                                       'Pass the graphile-worker pool and worker ids this process runs.');
  end if;
  if unlock_after_seconds is null or unlock_after_seconds < 0 then
    perform switchboard_internal.raise('invalid', 'unlock_after_seconds must be 0 or more', null);
  end if;
  insert into switchboard.job_lockers as k (locker_id, seen_at)
  select distinct l, now() from unnest(locker_ids) l
  on conflict (locker_id) do update set seen_at = excluded.seen_at;
  if unlock_after_seconds < v_lost_after then
    return 0;
  end if;
  -- Deleting is the claim: of two sweeps that find the same lost locker, one unlocks it.
  with lost as (
    delete from switchboard.job_lockers k
     where k.seen_at < now() - make_interval(secs => v_lost_after) and k.locker_id <> all(locker_ids)
    returning k.locker_id)
  select array_agg(lost.locker_id) into v_lost from lost;
  if v_lost is null then
    return 0;
  end if;
  perform graphile_worker.force_unlock_workers(v_lost);
  return cardinality(v_lost);
end;
$$;
