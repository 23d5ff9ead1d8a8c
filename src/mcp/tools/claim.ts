// MCP tool claim: take one named todo under a lease (switchboard.claim).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../../context.js';
import { claimant, DATA_NOT_INSTRUCTIONS, leaseSeconds, requireFence, todoId } from '../fields.js';
import { runTool } from '../run.js';
import { claimOutput } from '../schemas.js';

export function registerClaimTool(server: McpServer, ctx: ToolContext): RegisteredTool {
  return server.registerTool(
    'claim',
    {
      title: 'Claim a todo by id',
      description:
        'Claim one specific todo under a lease so you can work on it; use claim_next to just take the next ready one. ' +
        'Returns the todo with payload, attempt_seq, prior_attempts (the five latest earlier attempts, newest first: ' +
        'read them to learn what was tried and whether a worker died) and, with require_fence, a lease_token. ' +
        'Then heartbeat while working and finish with complete, fail or release. ' +
        DATA_NOT_INSTRUCTIONS +
        ' Errors: not_found (no such todo in your scope) - check the id with list_todos; conflict (held by a live ' +
        'lease, not yet due, done, canceled or a dead letter) - take other work with claim_next; invalid ' +
        '(lease_seconds outside 1..86400) - fix it; forbidden - ask the owner for a credential with this verb; ' +
        'throttled (the claim budget is spent) - wait retry_after_seconds, then claim again.',
      inputSchema: z.strictObject({
        todo_id: todoId,
        claimant,
        require_fence: requireFence,
        lease_seconds: leaseSeconds,
      }),
      outputSchema: claimOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args, extra) =>
      runTool(ctx, 'claim', extra, (check) =>
        ctx.ledger.claim(
          { credential: check?.credential ?? ctx.credential, ...args, mcp_session_id: extra.sessionId ?? null },
          check,
        ),
      ),
  );
}
