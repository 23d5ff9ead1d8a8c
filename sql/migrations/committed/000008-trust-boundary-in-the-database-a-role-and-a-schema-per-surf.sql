--! Previous: sha1:02805f0314dc44d8e5b29d2dc0988a1af546c612
--! Hash: sha1:a237175d9d140e7fcc8b0e3079a256448e45e2d2
--! Message: trust boundary in the database: a role and a schema per surface, internals in switchboard_internal

-- The trust boundary moves into the database (issue 12): one NOLOGIN role per surface, one schema per
-- caller, and the internals in a schema no surface may execute.
--   switchboard           the admin API of before (ids as arguments)      executable by switchboard_admin
--   switchboard_agent     entry points that take an agent's credential    executable by switchboard_agent
--   switchboard_board     entry points that take a Board session secret   executable by switchboard_board
--   switchboard_worker    reap, requeue, prune, notices, metrics          executable by switchboard_worker
--   switchboard_internal  helpers and the transitions                     executable by no surface role
-- Grants on functions follow from these schemas (scripts/apply-functions.mjs re-grants on every apply).
-- switchboard_server is the group `switchboard serve` runs as: agent + board + worker, never admin.
-- switchboard_app, the one role of before, stays as a deprecated alias holding agent + board and nothing else.
do $$
declare
  r text;
begin
  foreach r in array array['switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_admin',
                           'switchboard_server', 'switchboard_app'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I nologin', r);
    end if;
  end loop;
end
$$;
grant switchboard_agent, switchboard_board, switchboard_worker to switchboard_server;
grant switchboard_agent, switchboard_board to switchboard_app;
revoke usage on schema switchboard from switchboard_app;

create schema switchboard_internal;
create schema switchboard_agent;
create schema switchboard_board;
create schema switchboard_worker;
revoke all on schema switchboard_internal, switchboard_agent, switchboard_board, switchboard_worker from public;
grant usage on schema switchboard_agent to switchboard_agent;
grant usage on schema switchboard_board to switchboard_board;
grant usage on schema switchboard_worker to switchboard_worker;
grant usage on schema switchboard to switchboard_admin;

-- The DBA reads every table and edits settings, as the README shows; every change to a todo goes through
-- the functions.
grant select on all tables in schema switchboard to switchboard_admin;
grant insert, update, delete on switchboard.settings to switchboard_admin;

-- Trigger and constraint functions move with their triggers and constraints (both refer to them by oid).
-- The trigger functions exist only where sql/functions was applied before (not on a fresh database).
do $$
declare
  f text;
begin
  foreach f in array array['on_attempt_closed', 'on_todo_claimable'] loop
    if to_regprocedure(format('switchboard._%s()', f)) is not null then
      execute format('alter function switchboard.%I() set schema switchboard_internal', '_' || f);
      execute format('alter function switchboard_internal.%I() rename to %I', '_' || f, f);
    end if;
  end loop;
end
$$;
alter function switchboard._todos_row_ok(text, text, timestamptz, timestamptz, timestamptz, integer, integer, integer, integer)
  set schema switchboard_internal;
alter function switchboard_internal._todos_row_ok(text, text, timestamptz, timestamptz, timestamptz, integer, integer, integer, integer)
  rename to todos_row_ok;
alter function switchboard._todo_attempts_row_ok(integer, text, uuid, uuid, text, timestamptz, text, text, text, text, bytea)
  set schema switchboard_internal;
alter function switchboard_internal._todo_attempts_row_ok(integer, text, uuid, uuid, text, timestamptz, text, text, text, text, bytea)
  rename to todo_attempts_row_ok;
