-- A failed attempt's retry waits the backoff of the base settings_in_force says is in force, a stored base it does
-- not take included: base/2 plus a random share of base/2 (the random draw fixed here by setseed).
begin;
select plan(1);

insert into switchboard.settings (key, value) values ('retry_backoff_base_seconds', 'oops')
  on conflict (key) do update set value = excluded.value;
select s.in_force::double precision as base from switchboard.settings_in_force() s where s.key = 'retry_backoff_base_seconds' \gset
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select setseed(0.25);
select random() as r \gset
select setseed(0.25);
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f \gset
select is((select x.next_retry_at from switchboard.todos x where x.id = :'td'),
          now() + make_interval(secs => :base / 2 + :r * :base / 2), 'the delay of the base in force');

select * from finish();
rollback;
