// MCP tool heartbeat: extend the lease on a todo you hold.
import { z } from 'zod';
import { leaseSeconds, leaseToken, todoId } from '../fields.js';
import { todoOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const heartbeat = defineTool({
  name: 'heartbeat',
  title: 'Extend your lease',
  description:
    'Renew the lease on a todo you hold, from now. Call it well before lease_expires_at, ' +
    'else another worker may take it (your attempt: died).',
  input: z.strictObject({ todo_id: todoId, lease_token: leaseToken, lease_seconds: leaseSeconds }),
  output: todoOutput,
  annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (args, c) => c.agent.heartbeat(args),
});
