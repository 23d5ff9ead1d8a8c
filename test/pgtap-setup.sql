-- Test-only setup for the pgTAP suite: the extensions it uses and the helper schema `test` (test/test-schema.sql).
-- Never part of a migration. dblink gives a test a second session, for rules about concurrent callers.
create extension if not exists pgtap;
create extension if not exists plpgsql_check;
create extension if not exists dblink;
\ir test-schema.sql
