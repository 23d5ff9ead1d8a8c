// MCP tool release: hand a held todo back without a verdict (switchboard.release).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../../context.js';
import { artifact, leaseToken, summary, todoId } from '../fields.js';
import { runTool } from '../run.js';
import { todoOutput } from '../schemas.js';

export function registerReleaseTool(server: McpServer, ctx: ToolContext): RegisteredTool {
  return server.registerTool(
    'release',
    {
      title: 'Release a todo',
      description:
        'Hand a todo you hold back to the queue without saying whether the work succeeded: you are shutting down, hit ' +
        'a usage limit, or were told to stop. It is pending again at once, with no backoff and the attempt counter ' +
        'unchanged; your attempt closes released with your summary. Returns the todo. Errors: conflict (you do not ' +
        'hold the live lease, or the attempt is fenced and needs its lease_token); invalid (artifact) - fix it, the ' +
        'todo is still yours; not_found - check the id; forbidden - release is its own grant, ask the owner.',
      inputSchema: z.strictObject({ todo_id: todoId, summary, artifact, lease_token: leaseToken }),
      outputSchema: todoOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args, extra) =>
      runTool(ctx, 'release', extra, (check) =>
        ctx.ledger.release({ credential: check?.credential ?? ctx.credential, ...args }, check),
      ),
  );
}
