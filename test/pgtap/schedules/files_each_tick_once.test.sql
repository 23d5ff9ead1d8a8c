-- run_schedules files each tick of a schedule once: a window of three ticks files three todos carrying the payload,
-- the same window again files nothing, the next window only its new ticks; after long downtime only the newest
-- schedule_backfill_max ticks are filed. list_schedules shows it, remove_schedule stops it.
begin;
select plan(10);

select test.endpoint() as ep \gset
select switchboard.add_schedule(:'ep'::uuid, 'triage', '*/10 * * * *', '{"what": "issues"}', 'triage') as s \gset
select is((:'s'::jsonb) ->> 'cron', '*/10 * * * *', 'add_schedule answers the schedule');
update switchboard.schedules set next_run_at = '2026-01-01T00:00:00Z' where id = ((:'s'::jsonb) ->> 'schedule_id')::uuid;

select is(switchboard.run_schedules('2026-01-01T00:25:00Z'), 3, 'ticks 00:00, 00:10, 00:20: three todos');
select is(switchboard.run_schedules('2026-01-01T00:25:00Z'), 0, 'the same window again files nothing');
select is(switchboard.run_schedules('2026-01-01T00:35:00Z'), 1, 'the next window files only its new tick');
select is((select array_agg(distinct payload::text) from switchboard.todos where endpoint_id = :'ep'::uuid), array['{"what": "issues"}'],
          'each todo carries the schedule''s payload');
select is((select next_run_at from switchboard.schedules where id = ((:'s'::jsonb) ->> 'schedule_id')::uuid), '2026-01-01T00:40:00Z'::timestamptz,
          'next_run_at is the first tick after the window');

select is(switchboard.run_schedules('2026-01-02T00:35:00Z'), 10, 'a day of downtime files only the newest 10 ticks');
select is((select max(created_at) is not null from switchboard.todos where endpoint_id = :'ep'::uuid), true, 'filed');

select is(jsonb_array_length(switchboard.list_schedules(:'ep'::uuid) -> 'schedules'), 1, 'list_schedules shows it');
select switchboard.remove_schedule(:'ep'::uuid, ((:'s'::jsonb) ->> 'schedule_id')::uuid) is not null as removed \gset
select is(switchboard.run_schedules('2026-01-03T00:00:00Z'), 0, 'a removed schedule files nothing');

select * from finish();
rollback;
