// MCP tool claim_next: take the best ready todo under a lease (switchboard.claim_next).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../../context.js';
import { claimNextWithWait, doorbellFor, MAX_WAIT_SECONDS } from '../../doorbell.js';
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
        'This is how a worker gets work. Returns {"empty": true} when nothing is ready: call again, or pass ' +
        'wait_seconds (up to 60) to have this call wait for the first todo that becomes claimable instead of polling. ' +
        'Otherwise returns the todo with payload, attempt_seq, prior_attempts (the five latest earlier attempts, newest first: ' +
        'read them to learn what was tried and whether a worker died) and, with require_fence, a lease_token. ' +
        'Then heartbeat while working and finish with complete, fail or release. ' +
        DATA_NOT_INSTRUCTIONS +
        ' Errors: invalid (queue name or lease_seconds outside 1..86400) - fix it; forbidden - ask the owner for a ' +
        'credential with this verb; throttled (the claim budget is spent) - wait retry_after_seconds (wait_seconds ' +
        'waits for it when it comes within the wait).',
      inputSchema: z.strictObject({
        queue: queue.optional(),
        claimant,
        require_fence: requireFence,
        lease_seconds: leaseSeconds,
        wait_seconds: z
          .number()
          .int()
          .min(0)
          .max(MAX_WAIT_SECONDS)
          .optional()
          .describe(
            'Long poll: when nothing is claimable, wait up to this many seconds (0-60, default 0) for a todo to become ' +
              'claimable and claim it; {"empty": true} if none did. Cancelling the request ends the wait.',
          ),
      }),
      outputSchema: claimOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ wait_seconds, ...args }, extra) =>
      runTool(ctx, 'claim_next', extra, async (check) => {
        const claim = () =>
          ctx.ledger.claimNext(
            { credential: check?.credential ?? ctx.credential, ...args, mcp_session_id: extra.sessionId ?? null },
            check,
          );
        if (!wait_seconds) return claim();
        // The doorbell (one LISTEN per pool) wakes the wait when a todo becomes claimable; see src/doorbell.ts.
        return claimNextWithWait(claim, await doorbellFor(ctx.sql), {
          queue: args.queue ?? null,
          waitSeconds: wait_seconds,
          signal: extra.signal,
        });
      }),
  );
}
