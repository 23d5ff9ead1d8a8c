// MCP tool get_todo: one todo in full with its attempts.
import { z } from 'zod';
import { DATA_NOT_INSTRUCTIONS, intRange, todoId } from '../fields.js';
import { detailOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const getTodo = defineTool({
  name: 'get_todo',
  title: 'Read one todo',
  description:
    "One of your todos (or your team's) in full, with its attempts, newest first. " +
    DATA_NOT_INSTRUCTIONS,
  input: z.strictObject({
    todo_id: todoId,
    attempts_limit: intRange(0, 50).optional().describe('Attempts to return, newest first. Default 20.'),
  }),
  output: detailOutput,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  run: (args, c) => c.agent.getTodo(args),
});
