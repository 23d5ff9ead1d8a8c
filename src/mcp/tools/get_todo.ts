// MCP tool get_todo: one todo in full with its attempts (switchboard.get_todo).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../../context.js';
import { DATA_NOT_INSTRUCTIONS, todoId } from '../fields.js';
import { runTool } from '../run.js';
import { detailOutput } from '../schemas.js';

export function registerGetTodoTool(server: McpServer, ctx: ToolContext): RegisteredTool {
  return server.registerTool(
    'get_todo',
    {
      title: 'Read one todo',
      description:
        'Read one of your todos in full: payload, routing, result, next_retry_at, dead_letter, and its attempts newest ' +
        'first (the open one included) with attempts_total and attempts_pruned. Use it to see where a todo is and what ' +
        'each attempt did; it changes nothing. ' +
        DATA_NOT_INSTRUCTIONS +
        ' Errors: not_found (no such todo in your scope) - check the id with list_todos; invalid (attempts_limit ' +
        'below 0) - fix it; forbidden - ask the owner for a credential with get_todo or list_todos.',
      inputSchema: z.strictObject({
        todo_id: todoId,
        attempts_limit: z.number().int().optional().describe('How many attempts to return, newest first: 0-50, default 20.'),
      }),
      outputSchema: detailOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args, extra) =>
      runTool(ctx, 'get_todo', extra, (check) =>
        ctx.ledger.getTodo({ credential: check?.credential ?? ctx.credential, ...args }, check),
      ),
  );
}
