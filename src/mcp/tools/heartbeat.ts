// MCP tool heartbeat: extend the lease on a todo you hold (switchboard.heartbeat).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../../context.js';
import { leaseSeconds, leaseToken, todoId } from '../fields.js';
import { runTool } from '../run.js';
import { todoOutput } from '../schemas.js';

export function registerHeartbeatTool(server: McpServer, ctx: ToolContext): RegisteredTool {
  return server.registerTool(
    'heartbeat',
    {
      title: 'Extend your lease',
      description:
        'Tell Switchboard you are still working on a todo you claimed: the lease runs again from now for lease_seconds ' +
        '(default 300). Call it well before lease_expires_at; a lapsed lease lets another worker take the todo and your ' +
        'attempt is recorded as died. Returns the todo. Errors: conflict (you do not hold the live lease: it lapsed, ' +
        'was taken over, or the attempt is fenced and needs its lease_token) - stop working on it and claim other work; ' +
        'not_found - check the id; invalid (lease_seconds) - fix it; forbidden - ask the owner for a credential.',
      inputSchema: z.strictObject({ todo_id: todoId, lease_token: leaseToken, lease_seconds: leaseSeconds }),
      outputSchema: todoOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args, extra) =>
      runTool(ctx, 'heartbeat', extra, (check) =>
        ctx.ledger.heartbeat({ credential: check?.credential ?? ctx.credential, ...args }, check),
      ),
  );
}
