--! Previous: sha1:f9abcce76b3507e486309e94a4586ac0b377cec2
--! Hash: sha1:9f93ebd47f98a002e96aa38505665c21e474dfe0
--! Message: the agent verbs listed once: switchboard_internal.agent_verbs(), read by the endpoints CHECK and by contract()

-- The agent verbs, listed once. The endpoints CHECK kept its own copy of the list beside contract()'s, so adding a
-- verb meant two edits that a test had to keep in step. Now the list is this function: the CHECK reads it, and
-- switchboard_internal.contract() (sql/functions/core/contract.sql) publishes it, in this order, to the TypeScript.
-- A constraint's function is schema (scripts/apply-functions.mjs leaves it alone): adding a verb is a migration that
-- replaces this function with the longer list. Removing one would need the stored verb sets checked first.
create or replace function switchboard_internal.agent_verbs()
returns text[]
language sql
immutable
parallel safe
as $fn$
  select array['add_todo', 'claim', 'claim_next', 'heartbeat', 'complete', 'fail', 'release', 'get_todo', 'list_todos']::text[];
$fn$;
comment on function switchboard_internal.agent_verbs() is
  'Internal. The agent verbs in their canonical order: the one list the endpoints CHECK and contract() read.';
revoke all on function switchboard_internal.agent_verbs() from public;

alter table switchboard.endpoints drop constraint endpoints_verbs_known;
alter table switchboard.endpoints add constraint endpoints_verbs_known check (
  cardinality(verbs) > 0 and verbs <@ switchboard_internal.agent_verbs());
