-- retry_backoff_max_seconds may be anything in 0..604800 (settings_in_force and the docs say so): a cap of a week,
-- the top of the range, is in force as stored, not replaced by the default of an hour. Base 86400, the fourth
-- failure would wait 8 days; the cap makes it a week, jittered to 3.5..7 days.
begin;
select plan(2);

select test.endpoint() as ep \gset
select test.set('retry_backoff_base_seconds', '86400');
select test.set('retry_backoff_max_seconds', '604800');
select is((select s.in_force from switchboard.settings_in_force() s where s.key = 'retry_backoff_max_seconds'), '604800',
          'settings_in_force says a week is in force');
select test.todo(:'ep', max_attempts => 10) as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid), switchboard.fail(:'ep'::uuid, :'td'::uuid), test.due(:'td'::uuid)
  from generate_series(1, 3);
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c4 \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f4 \gset

select ok((select x.attempt = 4 and x.next_retry_at between now() + interval '302400 seconds' and now() + interval '604800 seconds'
             from switchboard.todos x where x.id = :'td'),
          'the fourth failure waits 3.5 to 7 days, the week''s cap jittered');

select * from finish();
rollback;
