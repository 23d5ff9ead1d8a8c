begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.complete(:'ep'::uuid, :'td'::uuid) as d \gset
select test.age(:'td', interval '3 days');

select is(switchboard.prune(), 0, 'under the default 30 days a 3-day-old todo stays');
select test.set('retention_max_age_days', '2');
select is(switchboard.prune(), 1, 'retention_max_age_days 2 prunes it');

select * from finish();
rollback;
