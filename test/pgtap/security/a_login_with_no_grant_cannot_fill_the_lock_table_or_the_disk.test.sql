-- A login of this database that was granted nothing cannot fill what every tenant shares: it may not take advisory
-- locks, make temporary tables, large objects, WAL or tables of its own (each advisory lock or temporary table holds an
-- entry of the shared lock table, and a few thousand fail every transaction of the cluster). migrate takes these
-- from PUBLIC (close_public_doors); the schema's owner keeps the advisory locks and switchboard_admin TEMPORARY. A
-- role that may not change an ACL is given the statements to run instead, and runs none. The login is a real one,
-- made and dropped over a second session, with a session of its own.
begin;
select plan(14);
set local client_min_messages = warning; -- dblink says each refusal as a NOTICE too

select dblink_connect('a', test.conninfo()) as a \gset
select 'sb_stranger_' || substr(md5(random()::text), 1, 8) as stranger \gset
select dblink_exec('a', format('create role %I login', :'stranger')) as made \gset
select dblink_connect('h', regexp_replace(test.conninfo(), 'user=\S+', 'user=' || :'stranger')) as h \gset
create function pg_temp.refused(statement text) returns text language plpgsql as $$
begin
  -- The stranger's session answers ERROR (and says why) or OK.
  if dblink_exec('h', statement, false) = 'ERROR' then
    return substring(dblink_error_message('h') from 'permission denied');
  end if;
  return 'allowed';
end $$;

select is(pg_temp.refused('select pg_advisory_lock(1)'), 'permission denied', 'a stranger may not take a session advisory lock');
select is(pg_temp.refused('select pg_advisory_xact_lock(1, 2)'), 'permission denied', 'nor a transaction one');
select is(pg_temp.refused('select pg_try_advisory_lock_shared(1)'), 'permission denied', 'nor try one');
select is(pg_temp.refused('create temp table t (a int)'), 'permission denied', 'nor make a temporary table');
select is(pg_temp.refused('select lo_create(0)'), 'permission denied', 'nor a large object');
select is(pg_temp.refused($q$select lo_from_bytea(0, '\x00')$q$), 'permission denied', 'nor one from bytes');
select is(pg_temp.refused('create table public.t (a int)'), 'permission denied', 'nor a table in schema public');
select is(pg_temp.refused($q$select pg_logical_emit_message(false, 'x', 'y')$q$), 'permission denied', 'nor write WAL of its own');

select ok(has_function_privilege((select nspowner from pg_namespace where nspname = 'switchboard'), 'pg_try_advisory_lock(bigint)', 'execute'),
          'the schema''s owner keeps the advisory locks (graphile-migrate takes one as it migrates)');
select ok(has_database_privilege('switchboard_admin', current_database(), 'temporary'), 'switchboard_admin keeps TEMPORARY');
select is((select count(*)::integer from switchboard_internal.close_public_doors()), 0, 'every door is shut: nothing left to run');

-- A door opened again, and a role that may not shut it: it is handed the statements and changes nothing.
grant execute on function pg_advisory_lock(bigint) to public;
create role sb_lesser_migrator;
grant usage on schema switchboard_internal to sb_lesser_migrator;
grant execute on function switchboard_internal.close_public_doors() to sb_lesser_migrator;
set local role sb_lesser_migrator;
select results_eq('select s from switchboard_internal.close_public_doors() s',
                  array['revoke execute on function pg_advisory_lock(bigint) from public',
                        format('grant execute on function pg_advisory_lock(bigint) to %s',
                               (select nspowner::regrole from pg_namespace where nspname = 'switchboard'))],
                  'a role that may not change pg_catalog''s grants is given the statements');
reset role;
select ok(has_function_privilege('public', 'pg_advisory_lock(bigint)', 'execute'), 'and ran none of them');
select switchboard_internal.close_public_doors();
select ok(not has_function_privilege('public', 'pg_advisory_lock(bigint)', 'execute'), 'a superuser shuts it again');

select dblink_disconnect('h') as dh \gset
select dblink_exec('a', format('drop role %I', :'stranger')) as dropped \gset
select dblink_disconnect('a') as da \gset
select * from finish();
rollback;
