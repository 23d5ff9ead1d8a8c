// MCP tool list_todos: a page of your todos, newest first.
import { z } from 'zod';
import { intRange, queue } from '../fields.js';
import { listOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const listTodos = defineTool({
  name: 'list_todos',
  title: 'List todos',
  description:
    "Your todos (and your team's), newest first, a page at a time: pass next_cursor back as cursor " +
    '(null on the last page).',
  input: z.strictObject({
    queue: queue.optional(),
    state: z.enum(['pending', 'claimed', 'done', 'failed', 'canceled']).optional().describe('Only this state.'),
    dead_letter: z.boolean().optional().describe('true: only dead letters; false: all but them.'),
    page_size: intRange(1, 200).optional().describe('Default 50.'),
    cursor: z.string().optional().describe('next_cursor of the previous page.'),
  }),
  output: listOutput,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  run: (args, c) => c.agent.listTodos(args),
});
