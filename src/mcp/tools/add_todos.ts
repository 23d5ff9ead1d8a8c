// MCP tool add_todos: file many todos in one call, all or nothing (switchboard_agent.add_todos).
import { z } from 'zod';
import { defineTool } from '../tool.js';

export const addTodos = defineTool({
  name: 'add_todos',
  verb: 'add_todo',
  title: 'Add many todos',
  description:
    'add_todo for each element, in order, all or nothing: one bad element is invalid naming todos[i], none filed. Returns {todos}.',
  input: z.strictObject({
    todos: z
      .array(z.record(z.string(), z.unknown()).meta({ type: 'object' }).describe("add_todo's arguments."))
      .describe('At most 1,000.'),
  }),
  output: z.looseObject({ todos: z.array(z.looseObject({ id: z.string().optional() })).optional() }),
  annotations: { destructiveHint: false, openWorldHint: false },
  run: (args, c) => c.agent.addTodos(args),
});
