// MCP tool cancel: a requester stops a todo of its own (the same verb as A2A CancelTask).
import { z } from 'zod';
import { todoId } from '../fields.js';
import { todoOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const cancel = defineTool({
  name: 'cancel',
  title: 'Cancel a todo',
  description:
    'Stop a todo you filed: pending, claimed or retrying -> canceled (a running attempt closes canceled). ' +
    'Done or a dead letter: conflict.',
  input: z.strictObject({ todo_id: todoId }),
  output: todoOutput,
  annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: (args, c) => c.agent.cancel(args),
});
