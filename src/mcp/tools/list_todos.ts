// MCP tool list_todos: a page of your todos, newest first (switchboard.list_todos).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../../context.js';
import { queue } from '../fields.js';
import { runTool } from '../run.js';
import { listOutput } from '../schemas.js';

export function registerListTodosTool(server: McpServer, ctx: ToolContext): RegisteredTool {
  return server.registerTool(
    'list_todos',
    {
      title: 'List todos',
      description:
        'List your todos, newest first, optionally filtered by queue, state and dead_letter, one page at a time: pass ' +
        'next_cursor back as cursor for the next page (null on the last). Use get_todo for one todo with its attempts. ' +
        'Errors: invalid (page_size outside 1..200, or a cursor this tool did not return) - fix it or start again ' +
        'without a cursor; forbidden - ask the owner for a credential with list_todos.',
      inputSchema: z.strictObject({
        queue: queue.optional(),
        state: z
          .enum(['pending', 'claimed', 'done', 'failed', 'canceled'])
          .optional()
          .describe('Only todos in this state.'),
        dead_letter: z.boolean().optional().describe('true: only dead letters; false: everything else.'),
        page_size: z.number().int().optional().describe('Todos per page, 1-200, default 50.'),
        cursor: z.string().optional().describe('The next_cursor of the previous page.'),
      }),
      outputSchema: listOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args, extra) =>
      runTool(ctx, 'list_todos', extra, (check) =>
        ctx.ledger.listTodos({ credential: check?.credential ?? ctx.credential, ...args }, check),
      ),
  );
}
