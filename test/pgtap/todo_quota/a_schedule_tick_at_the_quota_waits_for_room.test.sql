-- A schedule's tick refused because its scope is at the quota is not lost, and never fails the sweep: the schedule
-- stays due from that tick, other schedules are filed, and the next sweep with room files it.
begin;
select plan(6);

select test.set('todos_max_per_scope', '1');
select test.endpoint() as ep \gset
select test.owner_of(:'ep') as owner \gset
select test.endpoint() as other \gset
select switchboard.add_schedule(:'ep'::uuid, 'triage', '*/10 * * * *', '{}', 'triage') ->> 'schedule_id' as s \gset
select switchboard.add_schedule(:'other'::uuid, 'triage', '*/10 * * * *', '{}', 'triage') ->> 'schedule_id' as s2 \gset
update switchboard.schedules set next_run_at = '2026-01-01T00:00:00Z' where id in (:'s', :'s2');

select is(switchboard.run_schedules('2026-01-01T00:25:00Z'), 2,
          'three ticks due on each: the first of each is filed, then each scope is at its quota');
select is((select next_run_at from switchboard.schedules where id = :'s'), '2026-01-01T00:10:00Z'::timestamptz,
          'the schedule stays due from its refused tick');
select is(switchboard.run_schedules('2026-01-01T00:25:00Z'), 0, 'a sweep without room files nothing, and does not fail');

select test.set('todos_max_per_scope', '10');
select is(switchboard.run_schedules('2026-01-01T00:25:00Z'), 4, 'with room, the next sweep files the ticks that waited');
select is((select array_agg(created_at is not null) from switchboard.todos where endpoint_id = :'ep'), array[true, true, true],
          'three todos of the first schedule: none lost, none twice');
select is((select next_run_at from switchboard.schedules where id = :'s'), '2026-01-01T00:30:00Z'::timestamptz,
          'and it is due again at the first tick after the window');

select * from finish();
rollback;
