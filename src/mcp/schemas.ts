// Output schemas of the MCP tools: the fields a model acts on, typed; objects stay loose, so every other field of
// the ledger's document passes (payload and result too: any JSON, a scalar included), and so does a field the SQL
// adds later. Each one also admits the error document
// {error, message}, because a client that listed the tools validates structuredContent against outputSchema
// even on an isError result; that is why every field is optional.
import { z } from 'zod';

const time = z.string().nullable().optional();
const text = z.string().nullable();
const int = z.number().int().optional();

export const errorFields = {
  error: z.string().optional(),
  retry_after_seconds: z.number().optional(),
  message: z.string().optional(),
};

/** One attempt: what a later claimer reads. */
export const attemptSchema = z.looseObject({
  seq: z.number().int(),
  outcome: text,
  died: z.boolean(),
  summary: text,
});

const todoFields = { id: z.string().optional(), state: z.string().optional(), attempt: int };

/** heartbeat, complete, fail, release and add_todo return the todo. */
export const todoOutput = z.looseObject({
  ...todoFields,
  lease_expires_at: time,
  next_retry_at: time,
  dead_letter: z.boolean().optional(),
  ...errorFields,
});

/** claim and claim_next: the todo in detail plus the attempt this claim opened and the ones before it. */
export const claimOutput = z.looseObject({
  ...todoFields,
  empty: z.boolean().optional(),
  attempt_seq: int,
  lease_expires_at: time,
  lease_token: z.string().optional(),
  prior_attempts: z.array(attemptSchema).optional(),
  ...errorFields,
});

/** get_todo: the todo in full with its attempts. */
export const detailOutput = z.looseObject({
  ...todoFields,
  attempts: z.array(attemptSchema).optional(),
  attempts_total: int,
  ...errorFields,
});

/** list_todos: a page of todos. */
export const listOutput = z.looseObject({
  todos: z.array(z.looseObject(todoFields)).optional(),
  next_cursor: z.string().nullable().optional(),
  ...errorFields,
});

/** clock_in and clock_out: the endpoint's presence now. */
export const presenceOutput = z.looseObject({
  clocked_in: z.boolean().optional(),
  presence_since: time,
  changed: z.boolean().optional(),
  ...errorFields,
});
