// MCP tool add_todo: create a pending todo (switchboard.add_todo).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../../context.js';
import { queue } from '../fields.js';
import { runTool } from '../run.js';
import { todoOutput } from '../schemas.js';

export function registerAddTodoTool(server: McpServer, ctx: ToolContext): RegisteredTool {
  return server.registerTool(
    'add_todo',
    {
      title: 'Add a todo',
      description:
        'Create a pending todo in one of your queues; a worker takes it with claim_next. Returns the todo with its id. ' +
        'Errors: invalid (a limit: queue name, title over 512 bytes, payload over 256 KiB, routing not an object, ' +
        'priority outside -1000..1000, max_attempts outside 1..1000) - fix the argument and call again; forbidden ' +
        '(this endpoint may not add todos or was revoked) - ask the owner for a new credential.',
      inputSchema: z.strictObject({
        queue,
        payload: z.unknown().optional().describe('The work: any JSON value (<= 256 KiB). Default {}.'),
        title: z.string().optional().describe('A one-line title for humans (<= 512 bytes).'),
        routing: z
          .record(z.string(), z.unknown())
          .optional()
          .describe('A JSON object of routing hints (<= 16 KiB). Default {}.'),
        priority: z.number().int().optional().describe('-1000..1000, higher is claimed first. Default 0.'),
        max_attempts: z
          .number()
          .int()
          .optional()
          .describe('How many claims before a failure dead-letters it, 1..1000. Default 5.'),
        run_at: z.string().optional().describe('RFC 3339 time before which it is not claimable. Default now.'),
      }),
      outputSchema: todoOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args, extra) =>
      runTool(ctx, 'add_todo', extra, (check) =>
        ctx.ledger.addTodo({ credential: check?.credential ?? ctx.credential, ...args }, check),
      ),
  );
}
