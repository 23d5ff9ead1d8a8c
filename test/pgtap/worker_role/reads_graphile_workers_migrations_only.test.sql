-- As switchboard_worker alone, graphile-worker's schema is granted as its runner uses it: the migrations table is
-- read, never written (switchboard migrate installs that schema), and the jobs view is not read.
begin;
select plan(6);

set local role switchboard_worker;
select lives_ok('select max(id) from graphile_worker.migrations', 'the runner reads which migrations ran');
select throws_ok('insert into graphile_worker.migrations (id) values (999999)', '42501', null, 'it cannot add one');
select throws_ok('update graphile_worker.migrations set breaking = not breaking', '42501', null, 'nor change one');
select throws_ok('delete from graphile_worker.migrations', '42501', null, 'nor delete them');
select throws_ok('select count(*) from graphile_worker.jobs', '42501', null, 'the jobs view is not the runner''s');
select lives_ok('select count(*) from graphile_worker._private_jobs', 'the jobs table is');
reset role;

select * from finish();
rollback;
