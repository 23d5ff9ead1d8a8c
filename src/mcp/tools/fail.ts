// MCP tool fail: report failure on a todo you hold (switchboard.fail).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../../context.js';
import { artifact, leaseToken, result, summary, todoId } from '../fields.js';
import { runTool } from '../run.js';
import { todoOutput } from '../schemas.js';

export function registerFailTool(server: McpServer, ctx: ToolContext): RegisteredTool {
  return server.registerTool(
    'fail',
    {
      title: 'Fail a todo',
      description:
        'Report that you tried a todo you hold and it did not work. Below its max_attempts it is retried later with ' +
        'backoff (next_retry_at); on its last attempt it becomes a dead letter for a human. Write a summary of what you ' +
        'tried and why it stopped: the next claimer sees it in prior_attempts. Returns the todo. Errors: conflict (you ' +
        'do not hold the live lease, or the attempt is fenced and needs its lease_token) - do not retry; invalid ' +
        '(artifact, result over 256 KiB) - fix it and call again, the todo is still yours; not_found - check the id; ' +
        'forbidden - ask the owner for a credential.',
      inputSchema: z.strictObject({ todo_id: todoId, result, summary, artifact, lease_token: leaseToken }),
      outputSchema: todoOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args, extra) =>
      runTool(ctx, 'fail', extra, (check) =>
        ctx.ledger.fail({ credential: check?.credential ?? ctx.credential, ...args }, check),
      ),
  );
}
