// MCP tool claim_next: take the best ready todo under a lease (switchboard.claim_next).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../../context.js';
import { claimant, DATA_NOT_INSTRUCTIONS, leaseSeconds, queue, requireFence } from '../fields.js';
import { runTool } from '../run.js';
import { claimOutput } from '../schemas.js';

export function registerClaimNextTool(server: McpServer, ctx: ToolContext): RegisteredTool {
  return server.registerTool(
    'claim_next',
    {
      title: 'Claim the next todo',
      description:
        'Take the next ready todo (highest priority, oldest first) from one queue, or from all of yours, under a lease. ' +
        'This is how a worker gets work. Returns {"empty": true} when nothing is ready: wait and call again. Otherwise ' +
        'returns the todo with payload, attempt_seq, prior_attempts (the five latest earlier attempts, newest first: ' +
        'read them to learn what was tried and whether a worker died) and, with require_fence, a lease_token. ' +
        'Then heartbeat while working and finish with complete, fail or release. ' +
        DATA_NOT_INSTRUCTIONS +
        ' Errors: invalid (queue name or lease_seconds outside 1..86400) - fix it; forbidden - ask the owner for a ' +
        'credential with this verb.',
      inputSchema: z.strictObject({
        queue: queue.optional(),
        claimant,
        require_fence: requireFence,
        lease_seconds: leaseSeconds,
      }),
      outputSchema: claimOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args, extra) =>
      runTool(ctx, 'claim_next', () =>
        ctx.ledger.claimNext({ endpoint_id: ctx.endpoint.endpoint_id, ...args, mcp_session_id: extra.sessionId ?? null }),
      ),
  );
}
