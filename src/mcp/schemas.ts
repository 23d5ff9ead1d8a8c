// Output schemas of the MCP tools: the fields a model acts on, typed; objects stay loose, so every other field of
// the ledger's document passes (payload and result too: any JSON, a scalar included), and so does a field the SQL
// adds later. Each one also admits the error document
// {error, message}, because a client that listed the tools validates structuredContent against outputSchema
// even on an isError result; that is why every field is optional.
import { z } from 'zod';

const time = z.string().nullable().optional();
const text = z.string().nullable();
const int = z.number().int().optional();

// The error document {error, message, retry_after_seconds, hint} is admitted undeclared (the objects are loose,
// no field required; the instructions describe it once), so tools/list for all thirteen tools stays within 12 KB.

/** One attempt: what a later claimer reads. */
export const attemptSchema = z.looseObject({
  seq: int,
  outcome: text.optional(),
  died: z.boolean().optional(),
  summary: text.optional(),
});

const todoFields = { id: z.string().optional(), state: z.string().optional(), attempt: int };

/** heartbeat, complete, release, cancel and add_todo return the todo. */
export const todoOutput = z.looseObject({
  ...todoFields,
  lease_expires_at: time,
});

/** fail returns the todo, and when it is retried or dead-lettered. */
export const failOutput = z.looseObject({
  ...todoFields,
  next_retry_at: time,
  dead_letter: z.boolean().optional(),
});

/** claim and claim_next: the todo in detail plus the attempt this claim opened and the ones before it. */
export const claimOutput = z.looseObject({
  id: z.string().optional(),
  state: z.string().optional(),
  empty: z.boolean().optional(),
  attempt_seq: int,
  lease_expires_at: time,
  lease_token: z.string().optional(),
  prior_attempts: z.array(attemptSchema).optional(),
});

/** get_todo: the todo in full with its attempts. */
export const detailOutput = z.looseObject({
  ...todoFields,
  attempts: z.array(attemptSchema).optional(),
  attempts_total: int,
});

/** list_todos: a page of todos. */
export const listOutput = z.looseObject({
  todos: z.array(z.looseObject(todoFields)).optional(),
  next_cursor: z.string().nullable().optional(),
});

/** clock_in and clock_out: the endpoint's presence now. */
export const presenceOutput = z.looseObject({
  clocked_in: z.boolean().optional(),
  presence_since: time,
  changed: z.boolean().optional(),
});
