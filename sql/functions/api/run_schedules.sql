-- run_schedules: files every schedule's ticks due up to a time, each exactly once. Each due
-- schedule is locked (FOR UPDATE SKIP LOCKED: a concurrent run_schedules passes it) and its ticks
-- from next_run_at up to until are filed through add_todo with an idempotency key derived from the
-- schedule and the tick (schedule:<id>:<epoch>), then next_run_at moves past until; so a repeated
-- or concurrent call for the same window files nothing more. After downtime only the newest
-- schedule_backfill_max ticks (10) of a schedule are filed, the older ones skipped. A tick whose
-- endpoint can no longer add (revoked) files nothing. A tick refused because its scope is at its
-- quota (todos_max_per_scope) is not lost: the schedule stays due from that tick, and a later sweep
-- files it (among the newest schedule_backfill_max) once the scope has room. Returns the number of
-- todos filed. Errors: none.
--
-- until: file the ticks at or before this time; null: now.
--
-- Example: select switchboard.run_schedules();
create or replace function switchboard.run_schedules("until" timestamptz default null)
returns integer
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_until timestamptz := coalesce("until", now());
  v_backfill integer := switchboard_internal.setting_int('schedule_backfill_max', 10, 1, 10000);
  v_s switchboard.schedules;
  v_ticks timestamptz[];
  v_t timestamptz;
  v_next timestamptz;
  v_key text;
  v_filed integer := 0;
  v_held timestamptz;
  v_last timestamptz;
begin
  for v_s in
    select s.* from switchboard.schedules s where s.next_run_at <= v_until order by s.next_run_at for update skip locked
  loop
    v_ticks := '{}'::timestamptz[];
    v_t := v_s.next_run_at;
    while v_t is not null and v_t <= v_until loop
      v_ticks := (v_ticks || v_t)[greatest(1, cardinality(v_ticks) + 2 - v_backfill):]; -- the newest v_backfill
      v_t := switchboard_internal.cron_next(v_s.cron, v_s.time_zone, v_t);
    end loop;
    v_next := coalesce(v_t, 'infinity'); -- the first tick after until (none ever: never due again)
    v_held := null;
    v_last := null;
    foreach v_t in array v_ticks loop
      v_key := format('schedule:%s:%s', v_s.id, extract(epoch from v_t)::bigint);
      if not exists (select 1 from switchboard.todo_keys k where k.endpoint_id = v_s.endpoint_id and k.key = v_key) then
        begin
          perform switchboard.add_todo(v_s.endpoint_id, v_s.queue, v_s.payload, v_s.title, idempotency_key => v_key);
          v_filed := v_filed + 1;
        exception
          when sqlstate 'SB403' or sqlstate 'SB409' or sqlstate 'SB422' then
            null; -- the endpoint can no longer add (revoked, or add_todo not vended): the tick passes unfiled
          when sqlstate 'SB429' then
            v_held := v_t; -- the scope is at its quota: this tick and the later ones wait for a sweep with room
            exit;
        end;
      end if;
      v_last := v_t;
    end loop;
    update switchboard.schedules s set next_run_at = coalesce(v_held, v_next), last_run_at = coalesce(v_last, s.last_run_at)
     where s.id = v_s.id;
  end loop;
  return v_filed;
end;
$$;
