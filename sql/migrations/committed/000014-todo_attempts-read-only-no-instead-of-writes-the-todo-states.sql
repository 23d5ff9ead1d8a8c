--! Previous: sha1:9f93ebd47f98a002e96aa38505665c21e474dfe0
--! Hash: sha1:831c489c3a418a15b48a93bc8c0b329b829169ad
--! Message: todo_attempts read-only: no INSTEAD OF writes; the todo states and every head_* column commented

-- switchboard.todo_attempts becomes read-only: its INSTEAD OF trigger goes. Writes through the view were for fixtures
-- and raised errors naming constraints (todo_attempts_one_open, todo_attempts_seq_issued) that `\d` cannot find;
-- the functions never wrote through it, and test fixtures now write the tables themselves (test/test-schema.sql).
-- A write to the view is now PostgreSQL's own refusal (a view with UNION ALL is not updatable).
drop trigger if exists todo_attempts_write on switchboard.todo_attempts;
drop function if exists switchboard_internal.todo_attempts_write();

comment on view switchboard.todo_attempts is
  'One row per claim (ADR-0039): who claimed, when, how it ended (outcome) and what the todo did next (disposition); ended_at is null while open. Read-only. A todo''s newest attempt is stored on its row (todos.head_*, seq = todos.last_seq), the earlier ones in earlier_attempts; a claim moves the head there before it opens the next.';

-- The todo's states, as River documents its job states: how each is entered and left, and which job touches it.
comment on table switchboard.todos is 'The work: one row per todo, with its newest attempt on the same row (head_*). States:
pending   entered by add_todo (claimable from run_at), release and the Board''s Release (ready now, no backoff), reap of
          a lapsed lease below its cap, requeue_due_retries (a failed todo whose retry is due; the worker''s sweep) and
          retry_now (counter reset). Left by claim, claim_next or the Board''s Claim once ready_at has passed
          (-> claimed), and by cancel (-> canceled). ready_at says when it may be claimed.
claimed   entered by claim, claim_next or the Board''s Claim (from pending, from failed with its retry due, or from
          claimed when a lapsed lease below its cap is taken over). owner and lease_expires_at say who holds it until
          when; its attempt is open (head_ended_at null). Left by complete (-> done), fail (-> failed), release
          (-> pending), cancel (-> canceled), revoke_endpoint (-> failed, a dead letter), and, once the lease lapsed,
          by reap (below the cap -> pending, at it -> failed, a dead letter; the worker sweeps every
          SWITCHBOARD_REAP_INTERVAL seconds) or by a claim_next that meets it (a takeover, or a dead letter at the cap).
          heartbeat and the Board''s Extend move the lease on and leave it claimed.
done      entered by complete (result stored). Terminal: left only by prune (retention; the worker''s hourly job).
failed    entered by fail below max_attempts (a retry: next_retry_at = ready_at = now + backoff) or at it, by reap at
          the cap, by claim_next dead-lettering a lapsed last attempt, and by revoke_endpoint (a dead letter: no
          next_retry_at, no ready_at; the dead-letter notification job is enqueued). A retry is left by claim or
          claim_next once due (-> claimed) or by requeue_due_retries (-> pending); any failed todo by retry_now
          (-> pending, counter reset) and cancel (-> canceled); a dead letter by prune.
canceled  entered by cancel (from pending, claimed or failed; an open attempt closes canceled). Terminal: left only by
          prune.
The row rules (todos_row_rules) hold each state''s columns to this table.';

comment on column switchboard.todos.head_attempt is
  'The newest attempt''s attempt number: the todo''s counter when it was claimed (retry_now resets the counter, never seq). Null when never claimed.';
comment on column switchboard.todos.head_claimer_kind is
  'Who opened the newest attempt (seq = last_seq): endpoint (an agent) or owner (the Board); null when the todo was never claimed, and then every head_* column is null. switchboard.todo_attempts shows it with the earlier ones.';
comment on column switchboard.todos.head_endpoint_id is
  'The endpoint whose agent opened the newest attempt (claimer_kind endpoint). Provenance, never authority; no read returns it.';
comment on column switchboard.todos.head_owner_id is
  'The owner who opened the newest attempt from the Board (claimer_kind owner); the Board closes only leases it took.';
comment on column switchboard.todos.head_mcp_session_id is
  'The MCP session id when the newest attempt''s claim arrived over MCP; null otherwise. No read returns it.';
comment on column switchboard.todos.head_owner is
  'The holder of the newest attempt: agent:<agent_id> or owner:<handle> (the todo''s owner while it is claimed).';
comment on column switchboard.todos.head_claimant is
  'The claimant the newest attempt''s caller gave (control characters removed, cut to 128 bytes). Untrusted data, shown as such.';
comment on column switchboard.todos.head_claimed_at is
  'When the newest attempt was opened (the claim''s transaction time).';
comment on column switchboard.todos.head_last_heartbeat_at is
  'The newest attempt''s last heartbeat (or the Board''s Extend); null when there was none.';
comment on column switchboard.todos.head_lease_expires_at is
  'The last expiry the newest attempt''s lease had. todos.lease_expires_at is the live lease, null once the attempt ends; this one stays.';
comment on column switchboard.todos.head_ended_at is
  'When the newest attempt closed; null while it is open, which is exactly while the todo is claimed.';
comment on column switchboard.todos.head_outcome is
  'How the newest attempt ended: completed, failed, released, lease_expired, reaped, canceled or revoked; null while open.';
comment on column switchboard.todos.head_disposition is
  'What the todo did when the newest attempt ended: done, retry_scheduled, dead_lettered, requeued or canceled (switchboard_internal.transition); null while open.';
comment on column switchboard.todos.head_summary is
  'The newest attempt''s summary (or, with attempt_summary_from_result, its compact result), cut to 2048 bytes on a UTF-8 boundary. Untrusted data.';
comment on column switchboard.todos.head_summary_truncated is
  'Whether head_summary was cut to 2048 bytes.';
comment on column switchboard.todos.head_artifact is
  'The newest attempt''s artifact reference (mcp://cairn/<id> or an https URL, at most 512 bytes). Untrusted data, never fetched.';
comment on column switchboard.todos.lease_token_sha256 is
  'SHA-256 of the newest attempt''s lease token when its claim asked for a fence; null when unfenced. Guards the lease, so it is kept even where attempt history is cut out.';
