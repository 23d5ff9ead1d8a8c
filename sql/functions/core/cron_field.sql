-- cron_field: one field of a five-field cron line as the sorted values it matches. As
-- graphile-worker's crontab reads it: a comma-separated list of numbers, ranges a-b, and * or */n;
-- with wrap, max + 1 means min (7 is Sunday, as 0). Errors: invalid (anything else, or a value out
-- of min..max).
create or replace function switchboard_internal.cron_field(field text, name text, lo integer, hi integer, wrap boolean default false)
returns integer[]
language plpgsql
immutable
as $$
#variable_conflict use_variable
declare
  v_part text;
  v_m text[];
  v_out integer[] := '{}'::integer[];
  v_a integer;
  v_b integer;
begin
  foreach v_part in array string_to_array(field, ',') loop
    if v_part ~ '^[0-9]{1,4}$' then
      v_a := v_part::integer; v_b := v_a;
      if wrap and v_a = hi + 1 then v_a := lo; v_b := lo; end if;
      if v_a not between lo and hi then
        perform switchboard_internal.raise('invalid', format('cron %s: %s is outside %s-%s', name, v_part, lo, hi), null);
      end if;
      v_out := v_out || v_a;
    elsif v_part ~ '^[0-9]{1,4}-[0-9]{1,4}$' then
      v_m := regexp_match(v_part, '^([0-9]+)-([0-9]+)$');
      v_a := v_m[1]::integer; v_b := v_m[2]::integer;
      if v_a < lo or v_b > hi + (case when wrap then 1 else 0 end) or v_a > v_b then
        perform switchboard_internal.raise('invalid', format('cron %s: range %s is not within %s-%s', name, v_part, lo, hi), null);
      end if;
      v_out := v_out || array(select case when wrap and g = hi + 1 then lo else g end from generate_series(v_a, v_b) g);
    elsif v_part ~ '^\*(/[0-9]{1,4})?$' then
      v_b := coalesce(nullif(substr(v_part, 3), '')::integer, 1);
      if v_b < 1 then
        perform switchboard_internal.raise('invalid', format('cron %s: a step of 0', name), null);
      end if;
      v_out := v_out || array(select g from generate_series(lo, hi, v_b) g);
    else
      perform switchboard_internal.raise('invalid', format('cron %s: %L is not a number, a range a-b, * or */n', name, v_part),
        'A five-field cron line: minute hour day-of-month month day-of-week, e.g. 0 9 * * 1-5.');
    end if;
  end loop;
  return array(select distinct v from unnest(v_out) v order by v);
end;
$$;
