// MCP tool complete: report success on a todo you hold (switchboard.complete).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../../context.js';
import { artifact, leaseToken, result, summary, todoId } from '../fields.js';
import { runTool } from '../run.js';
import { todoOutput } from '../schemas.js';

export function registerCompleteTool(server: McpServer, ctx: ToolContext): RegisteredTool {
  return server.registerTool(
    'complete',
    {
      title: 'Complete a todo',
      description:
        'Report that the work on a todo you hold is done: it becomes done, result is stored on it, and your attempt ' +
        'closes completed with your summary and artifact. Returns the todo. Errors: conflict (you do not hold the live ' +
        'lease: it lapsed, was taken over, or the attempt is fenced and needs its lease_token) - the todo is not yours ' +
        'any more, do not retry; invalid (artifact not mcp://cairn/<id> or https, result over 256 KiB) - fix it and call ' +
        'again, the todo is still yours; not_found - check the id; forbidden - ask the owner for a credential.',
      inputSchema: z.strictObject({ todo_id: todoId, result, summary, artifact, lease_token: leaseToken }),
      outputSchema: todoOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args, extra) =>
      runTool(ctx, 'complete', extra, (check) =>
        ctx.ledger.complete({ credential: check?.credential ?? ctx.credential, ...args }, check),
      ),
  );
}
