--! Previous: sha1:bd49662eb1d983a8cbc0462c7520b6023949ff72
--! Hash: sha1:d47d6d0913107b4c59846c28c0f9c2949e90b4e2
--! Message: the update triggers of todos go: transitions ring and notify themselves

-- Issue 14: the two update triggers on todos go; the transitions do their work themselves.
-- todos_claimable_update (the doorbell when a todo becomes claimable again) and todos_attempt_dead_lettered (the
-- dead-letter notification) had WHEN clauses that PostgreSQL re-reads from their stored node text and compiles for
-- every UPDATE statement on todos that names their columns: every claim and every complete, for two triggers that
-- fire on neither. Measured with bench/ab.ts: ~5 % of a claim+complete cycle's backend CPU. The transitions that make
-- a todo claimable again (release, reap below the cap, requeue_due_retries, retry_now) now call
-- switchboard_internal.ring, and the two that dead-letter (end_attempt, reap_locked) call
-- switchboard_internal.notify_dead_letter, in the same transaction as before. The insert trigger (add_todo) stays:
-- inserts are not the hot path, and a todo inserted by hand rings as before.
drop trigger if exists todos_claimable_update on switchboard.todos;
drop trigger if exists todos_attempt_dead_lettered on switchboard.todos;
drop function if exists switchboard_internal.on_attempt_closed();
