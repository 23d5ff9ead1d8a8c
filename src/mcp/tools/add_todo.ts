// MCP tool add_todo: create a pending todo.
import { z } from 'zod';
import { intRange, jsonObject, queue } from '../fields.js';
import { todoOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const addTodo = defineTool({
  name: 'add_todo',
  title: 'Add a todo',
  description: 'Create a pending todo in one of your queues. Returns the todo.',
  input: z.strictObject({
    queue,
    payload: jsonObject('The work: JSON (<= 256 KiB). Default {}.'),
    title: z.string().optional().describe('One line for humans (<= 512 bytes).'),
    routing: z.record(z.string(), z.unknown()).optional().describe('Routing hints, a JSON object (<= 16 KiB).'),
    priority: intRange(-1000, 1000).optional().describe('Higher is claimed first. Default 0.'),
    max_attempts: intRange(1, 1000).optional().describe('Claims before a failure dead-letters it. Default 5.'),
    run_at: z.string().optional().describe('Not claimable before this RFC 3339 time. Default now.'),
    idempotency_key: z.string().optional().describe('Retry key: same key, one todo.'),
  }),
  output: todoOutput,
  annotations: { destructiveHint: false, openWorldHint: false },
  run: (args, c) => c.agent.addTodo(args),
});
