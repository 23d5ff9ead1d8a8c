-- todo_doc: the todo document, from its columns (todo_json passes a row's). Never includes the
-- endpoint id or anything about a lease token. held_by names the lease holder (agent:<id> or
-- owner:<handle>); owner is the same value under its old name, kept for callers that read it.
-- lease_lapsed says a claimed todo's lease has run out while nothing has closed it yet (no sweep
-- since, no claim met it). Column by column, so that a transition can build its answer in the
-- RETURNING of its own UPDATE, from the row it wrote, rather than carry a whole todos row through
-- PL/pgSQL variables. Inlined wherever it is called (one SELECT of one expression).
create or replace function switchboard_internal.todo_doc(
  id uuid, queue text, title text, state text, priority integer, attempt integer, max_attempts integer, owner text,
  lease_expires_at timestamptz, run_at timestamptz, next_retry_at timestamptz, created_at timestamptz,
  updated_at timestamptz)
returns jsonb
language sql
stable
as $$
  select jsonb_build_object(
    'id', id,
    'queue', queue,
    'title', title,
    'state', state,
    'priority', priority,
    'attempt', attempt,
    'max_attempts', max_attempts,
    'owner', owner,
    'held_by', owner,
    'lease_expires_at', switchboard_internal.ts(lease_expires_at),
    'lease_lapsed', (state = 'claimed' and lease_expires_at <= now()),
    'run_at', switchboard_internal.ts(run_at),
    'next_retry_at', switchboard_internal.ts(next_retry_at),
    'dead_letter', (state = 'failed' and next_retry_at is null),
    'created_at', switchboard_internal.ts(created_at),
    'updated_at', switchboard_internal.ts(updated_at))
$$;
