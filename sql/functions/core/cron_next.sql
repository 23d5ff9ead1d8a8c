-- cron_next: the first tick of a five-field cron line after a time, in a time zone. Fields: minute
-- hour day-of-month month day-of-week, as graphile-worker's crontab reads them; when both
-- day-of-month and day-of-week are restricted, a day matching either matches (as cron does).
-- Returns the tick, or null when none falls in the next eight years (say, 31 February). Errors:
-- invalid (a malformed line, or an unknown time zone).
create or replace function switchboard_internal.cron_next(cron text, time_zone text, after timestamptz)
returns timestamptz
language plpgsql
stable
as $$
#variable_conflict use_variable
declare
  v_f text[] := regexp_split_to_array(btrim(coalesce(cron, '')), '\s+');
  v_min integer[];
  v_hour integer[];
  v_dom integer[];
  v_mon integer[];
  v_dow integer[];
  v_start timestamp;
  v_day date;
  v_h integer;
  v_m integer;
  v_at timestamptz;
begin
  if array_length(v_f, 1) is distinct from 5 then
    perform switchboard_internal.raise('invalid', 'cron must have five fields: minute hour day-of-month month day-of-week',
      'For example 0 9 * * 1-5: at 09:00 on weekdays.');
  end if;
  if time_zone is null or not exists (select 1 from pg_timezone_names z where z.name = time_zone) then
    perform switchboard_internal.raise('invalid', format('time_zone %s is not a time zone Postgres knows', coalesce(time_zone, 'null')),
      'An IANA name such as UTC or Europe/Paris.');
  end if;
  v_min := switchboard_internal.cron_field(v_f[1], 'minute', 0, 59);
  v_hour := switchboard_internal.cron_field(v_f[2], 'hour', 0, 23);
  v_dom := switchboard_internal.cron_field(v_f[3], 'day-of-month', 1, 31);
  v_mon := switchboard_internal.cron_field(v_f[4], 'month', 1, 12);
  v_dow := switchboard_internal.cron_field(v_f[5], 'day-of-week', 0, 6, true);
  v_start := date_trunc('minute', after at time zone time_zone) + interval '1 minute';
  for i in 0..(366 * 8) loop
    v_day := v_start::date + i;
    continue when not extract(month from v_day)::integer = any(v_mon);
    if cardinality(v_dom) < 31 and cardinality(v_dow) < 7 then
      continue when not (extract(day from v_day)::integer = any(v_dom) or extract(dow from v_day)::integer = any(v_dow));
    else
      continue when not (extract(day from v_day)::integer = any(v_dom) and extract(dow from v_day)::integer = any(v_dow));
    end if;
    foreach v_h in array v_hour loop
      foreach v_m in array v_min loop
        -- A local time a DST change skips or repeats maps to one instant; only a tick after `after` counts.
        v_at := (v_day + make_time(v_h, v_m, 0)) at time zone time_zone;
        if v_day + make_time(v_h, v_m, 0) >= v_start and v_at > after then
          return v_at;
        end if;
      end loop;
    end loop;
  end loop;
  return null;
end;
$$;
