// MCP tool fail: report failure on a todo you hold.
import { z } from 'zod';
import { artifact, leaseToken, result, summary, todoId } from '../fields.js';
import { failOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const fail = defineTool({
  name: 'fail',
  title: 'Fail a todo',
  description:
    'A todo you hold did not work out: it is retried later with backoff (next_retry_at), or on its last attempt ' +
    'becomes a dead letter.',
  input: z.strictObject({ todo_id: todoId, result, summary, artifact, lease_token: leaseToken }),
  output: failOutput,
  annotations: { destructiveHint: false, openWorldHint: false },
  run: (args, c) => c.agent.fail(args),
});
