// MCP tool fail: report failure on a todo you hold.
import { z } from 'zod';
import { artifact, leaseToken, result, summary, todoId } from '../fields.js';
import { todoOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const fail = defineTool({
  name: 'fail',
  title: 'Fail a todo',
  description:
    'You tried a todo you hold and it did not work: it is retried later with backoff (next_retry_at), or on its ' +
    'last attempt becomes a dead letter. Summarize what you tried: the next claimer reads it in prior_attempts.',
  input: z.strictObject({ todo_id: todoId, result, summary, artifact, lease_token: leaseToken }),
  output: todoOutput,
  annotations: { destructiveHint: false, openWorldHint: false },
  run: (args, c) => c.agent.fail(args),
});
