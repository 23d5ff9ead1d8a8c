// MCP tool release: hand a held todo back without a verdict.
import { z } from 'zod';
import { artifact, leaseToken, summary, todoId } from '../fields.js';
import { todoOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const release = defineTool({
  name: 'release',
  title: 'Release a todo',
  description:
    'Hand a todo you hold back without a verdict (shutting down, told to stop): pending at once, no backoff, ' +
    'attempt count unchanged.',
  input: z.strictObject({ todo_id: todoId, summary, artifact, lease_token: leaseToken }),
  output: todoOutput,
  annotations: { destructiveHint: false, openWorldHint: false },
  run: (args, c) => c.agent.release(args),
});
