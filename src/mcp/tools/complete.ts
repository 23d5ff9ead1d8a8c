// MCP tool complete: report success on a todo you hold.
import { z } from 'zod';
import { artifact, leaseToken, result, summary, todoId } from '../fields.js';
import { todoOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const complete = defineTool({
  name: 'complete',
  title: 'Complete a todo',
  description: 'The work on a todo you hold is done: it becomes done, with result stored and your attempt closed.',
  input: z.strictObject({ todo_id: todoId, result, summary, artifact, lease_token: leaseToken }),
  output: todoOutput,
  annotations: { destructiveHint: false, openWorldHint: false },
  run: (args, c) => c.agent.complete(args),
});
