-- The cron line is read as graphile-worker's crontab reads it (numbers, a-b, *, */n, lists; 7 is Sunday; day-of-month
-- or day-of-week when both are set), in the schedule's time zone; anything else is invalid, as is an unknown zone;
-- another scope's schedule is not_found.
begin;
select plan(9);

select is(switchboard_internal.cron_next('0 9 * * 1-5', 'UTC', '2026-01-02T09:00:00Z'), '2026-01-05T09:00:00Z'::timestamptz,
          'weekdays at 09:00: Friday 09:00 -> Monday 09:00');
select is(switchboard_internal.cron_next('30 8 * * *', 'Europe/Paris', '2026-07-01T00:00:00Z'), '2026-07-01T06:30:00Z'::timestamptz,
          '08:30 in Paris in summer is 06:30 UTC');
select is(switchboard_internal.cron_next('0 0 1 * 7', 'UTC', '2026-01-01T00:00:00Z'), '2026-01-04T00:00:00Z'::timestamptz,
          'day-of-month 1 or Sunday (7): the next Sunday comes first');
select is(switchboard_internal.cron_next('5,35 */6 * * *', 'UTC', '2026-01-01T06:05:00Z'), '2026-01-01T06:35:00Z'::timestamptz, 'lists and steps');

select test.endpoint() as ep \gset
select throws_ok(format($q$select switchboard.add_schedule(%L::uuid, 'q', '0 9 * *')$q$, :'ep'), 'SB422', null, 'four fields: invalid');
select throws_ok(format($q$select switchboard.add_schedule(%L::uuid, 'q', '61 * * * *')$q$, :'ep'), 'SB422', null, 'minute 61: invalid');
select throws_ok(format($q$select switchboard.add_schedule(%L::uuid, 'q', '0 9 * * MON')$q$, :'ep'), 'SB422', null, 'a day name: invalid (as graphile-worker)');
select throws_ok(format($q$select switchboard.add_schedule(%L::uuid, 'q', '0 9 * * *', time_zone => 'Mars/Olympus')$q$, :'ep'), 'SB422', null,
                 'an unknown time zone: invalid');
select test.endpoint() as other \gset
select switchboard.add_schedule(:'ep'::uuid, 'q', '0 9 * * *') ->> 'schedule_id' as sid \gset
select throws_ok(format('select switchboard.remove_schedule(%L::uuid, %L::uuid)', :'other', :'sid'), 'SB404', null,
                 'another endpoint''s schedule: not_found');

select * from finish();
rollback;
