begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as dead \gset
select test.todo(:'ep') as canceled \gset
select test.todo(:'ep') as young_done \gset
select switchboard.claim(:'ep'::uuid, :'dead'::uuid) as c \gset
select switchboard.fail(:'ep'::uuid, :'dead'::uuid) as f \gset
select switchboard.cancel(test.owner_of(:'ep'), :'canceled'::uuid) as x \gset
select switchboard.claim(:'ep'::uuid, :'young_done'::uuid) as c2 \gset
select switchboard.complete(:'ep'::uuid, :'young_done'::uuid) as d \gset
select test.age(x, interval '2 days') from unnest(array[:'dead', :'canceled']::uuid[]) x;
select test.age(:'young_done', interval '1 hour');

select is(switchboard.prune(max_age => interval '1 day'), 2, 'a dead letter and a canceled todo older than max_age go');
select is((select count(*) from switchboard.todos where id in (:'dead', :'canceled')), 0::bigint, 'both are gone');
select is((select count(*) from switchboard.todos where id = :'young_done'), 1::bigint, 'a younger done todo stays');

select * from finish();
rollback;
