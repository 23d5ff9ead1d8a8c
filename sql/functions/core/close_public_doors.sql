-- close_public_doors: takes from PUBLIC what would let any login fill the lock table or the disk.
-- In this database: temporary tables (TEMPORARY on the database), advisory locks (the pg_advisory_*
-- and pg_try_advisory_* functions), large objects (lo_create, lo_creat, lo_from_bytea), WAL of its
-- own making (pg_logical_emit_message: a replication slot keeps what a lagging standby has not
-- read) and tables of its own (CREATE on schema public). Each temporary table or advisory lock
-- holds an entry of the shared lock table until its transaction or session ends: a few thousand of
-- them and every transaction of the cluster that needs a lock fails (out of shared memory), new
-- connections included. The schema's owner keeps the advisory locks (migrate takes one) and
-- switchboard_admin keeps TEMPORARY (a DBA's psql). migrate calls it after the functions. Returns
-- the statements it could not run itself (only a superuser may change the ACL of pg_catalog's
-- functions; only the database's owner its TEMPORARY): none once every door is shut.
create or replace function switchboard_internal.close_public_doors()
returns setof text
language plpgsql
volatile
as $$
-- @plpgsql_check_options: performance_warnings = false
-- (It changes grants through EXECUTE, which plpgsql_check does not count as a write: VOLATILE is right.)
declare
  v_super boolean := coalesce((select r.rolsuper from pg_roles r where r.rolname = current_user), false);
  v_db_owner boolean := pg_has_role(current_user, (select d.datdba from pg_database d where d.datname = current_database()),
                                    'USAGE');
  v_owner regrole := (select n.nspowner::regrole from pg_namespace n where n.nspname = 'switchboard');
  v_stmt text;
  r record;
begin
  -- Database and schema first (the database's owner may), then pg_catalog's functions (a superuser only).
  for r in
    select array[format('revoke temporary on database %I from public', current_database()),
                 format('grant temporary on database %I to switchboard_admin', current_database())] as stmts,
           v_super or v_db_owner as may
     where has_database_privilege('public', current_database(), 'TEMPORARY')
    union all
    select array['revoke create on schema public from public'], v_super or v_db_owner
     where to_regnamespace('public') is not null and has_schema_privilege('public', 'public', 'CREATE')
    union all
    select case when p.proname like '%advisory%'
                then array[format('revoke execute on function %s from public', p.oid::regprocedure),
                           format('grant execute on function %s to %s', p.oid::regprocedure, v_owner)]
                else array[format('revoke execute on function %s from public', p.oid::regprocedure)] end,
           v_super
      from pg_proc p
     where p.pronamespace = 'pg_catalog'::regnamespace
       and (p.proname ~ '^pg_(try_)?advisory_' or p.proname in ('lo_create', 'lo_creat', 'lo_from_bytea', 'pg_logical_emit_message'))
       and has_function_privilege('public', p.oid, 'EXECUTE')
  loop
    if r.may then
      foreach v_stmt in array r.stmts loop
        execute v_stmt;
      end loop;
    else
      return query select unnest(r.stmts);
    end if;
  end loop;
end;
$$;
