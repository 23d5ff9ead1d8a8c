-- Each integer setting whose meaning states a range (lo..hi) takes a stored lo and hi as they are, and reads a stored
-- lo-1 or hi+1 as something else (its default, or the nearest value it allows, with a why): the range a DBA reads is
-- the range in force, at both ends.
begin;

create temporary table ranged on commit drop as
  select s.key, (regexp_match(s.meaning, '(\d+)\.\.(\d+)'))[1]::bigint as lo, (regexp_match(s.meaning, '(\d+)\.\.(\d+)'))[2]::bigint as hi
    from switchboard.settings_in_force() s where s.meaning ~ '\d+\.\.\d+'
     and s.key <> 'attempt_history_max_per_todo'; -- 0 (keep none) or at least 5: its own test (maps_history_cap_values)
select plan((select 4 * count(*)::integer + 1 from ranged));
select ok((select count(*) from ranged) >= 5, 'the settings state their range');

create function pg_temp.in_force(k text, v bigint) returns text language plpgsql as $$
declare r text;
begin
  insert into switchboard.settings (key, value) values (k, v::text) on conflict (key) do update set value = excluded.value;
  select s.in_force into r from switchboard.settings_in_force() s where s.key = k;
  delete from switchboard.settings where key = k;
  return r;
end;
$$;

select is(pg_temp.in_force(key, lo), lo::text, key || ': ' || lo || ' is in force') from ranged order by key;
select is(pg_temp.in_force(key, hi), hi::text, key || ': ' || hi || ' is in force') from ranged order by key;
select isnt(pg_temp.in_force(key, lo - 1), (lo - 1)::text, key || ': ' || (lo - 1) || ' is not') from ranged order by key;
select isnt(pg_temp.in_force(key, hi + 1), (hi + 1)::text, key || ': ' || (hi + 1) || ' is not') from ranged order by key;

select * from finish();
rollback;
