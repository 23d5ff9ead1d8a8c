-- add_schedule: files a todo on a queue at every tick of a cron line, from now on. The todo is
-- filed as add_todo would for this endpoint (the team's on a team queue of its team, and the
-- schedule is then the team's: every endpoint of the team lists and removes it). run_schedules (the
-- worker, each minute) files each tick once. At most the setting schedules_max_per_endpoint
-- schedules per endpoint (100). Returns the schedule document with next_run_at. Errors: forbidden
-- (revoked, or add_todo not vended), invalid (cron, time_zone, queue, payload, title, or too many
-- schedules).
--
-- cron: five fields, minute hour day-of-month month day-of-week, as graphile-worker's crontab reads
--   them: numbers, ranges a-b, * and */n, comma-separated; day-of-week 0-7 (0 and 7 Sunday).
-- payload: the work each todo carries, any JSON up to 256 KiB.
-- title: a line for humans (the Board), at most 512 bytes.
-- time_zone: the IANA time zone the cron line is read in; daylight saving time moves the ticks with
--   the clock on the wall.
--
-- Example: select switchboard.add_schedule(endpoint_id => '<endpoint_id>', queue => 'triage',
--   cron => '0 9 * * 1-5', time_zone => 'Europe/Paris');
create or replace function switchboard.add_schedule(
  endpoint_id uuid,
  queue text,
  cron text,
  payload jsonb default '{}',
  title text default null,
  time_zone text default 'UTC')
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_s switchboard.schedules;
  v_scope uuid;
  v_next timestamptz;
  v_max integer := switchboard_internal.setting_int('schedules_max_per_endpoint', 100, 0, 100000);
begin
  perform switchboard_internal.agent(endpoint_id, 'add_todo');
  perform switchboard_internal.check_queue(queue);
  title := switchboard_internal.clean_text(title);
  if octet_length(title) > switchboard_internal.limit_of('title_bytes') then
    perform switchboard_internal.raise('invalid', format('title is longer than %s bytes', switchboard_internal.limit_of('title_bytes')), null);
  end if;
  perform switchboard_internal.check_json('payload', payload, switchboard_internal.limit_of('json_bytes'));
  v_next := switchboard_internal.cron_next(cron, time_zone, now());
  if v_next is null then
    perform switchboard_internal.raise('invalid', 'cron matches no time (a day that does not exist?)', null);
  end if;
  -- Locks the endpoint row: concurrent adds of one endpoint count its schedules one at a time.
  perform 1 from switchboard.endpoints e where e.id = endpoint_id for update;
  if (select count(*) from switchboard.schedules s where s.endpoint_id = endpoint_id) >= v_max then
    perform switchboard_internal.raise('invalid', format('this endpoint has %s schedules, the most the setting schedules_max_per_endpoint allows', v_max),
      'Remove one first (remove_schedule).');
  end if;
  select coalesce(q.team_id, e.id) into v_scope
    from switchboard.endpoints e left join switchboard.team_queues q on q.team_id = e.team_id and q.queue = add_schedule.queue
   where e.id = endpoint_id;
  insert into switchboard.schedules (endpoint_id, scope_id, queue, cron, payload, title, time_zone, next_run_at)
  values (endpoint_id, v_scope, queue, btrim(cron), coalesce(payload, '{}'::jsonb), title, time_zone, v_next)
  returning * into v_s;
  return switchboard_internal.schedule_json(v_s);
end;
$$;
