-- prune() reads retention_max_age_days as settings_in_force says it is in force, a stored value it does not take
-- included: a terminal todo a day older than that is pruned, one a day younger is kept.
begin;
select plan(2);

insert into switchboard.settings (key, value) values ('retention_max_age_days', 'oops')
  on conflict (key) do update set value = excluded.value;
select s.in_force::integer as days from switchboard.settings_in_force() s where s.key = 'retention_max_age_days' \gset
select test.endpoint() as ep \gset
select test.todo(:'ep') as older \gset
select test.todo(:'ep') as younger \gset
select switchboard.claim(:'ep'::uuid, id), switchboard.complete(:'ep'::uuid, id) from unnest(array[:'older', :'younger']::uuid[]) id;
select test.age(:'older', make_interval(days => :days + 1));
select test.age(:'younger', make_interval(days => :days - 1));
select is(switchboard.prune(), 1, 'one pruned');
select is(array(select x.id from switchboard.todos x where x.id in (:'older', :'younger')), array[:'younger'::uuid],
          'the younger is kept');

select * from finish();
rollback;
