// MCP tool claim_next: take the best ready todo under a lease, optionally waiting for one.
import { z } from 'zod';
import { claimNextWithWait, MAX_WAIT_SECONDS, MAX_WAIT_SECONDS_ASKED } from '../../doorbell.js';
import { claimant, DATA_NOT_INSTRUCTIONS, intRange, leaseSeconds, queue, requireFence } from '../fields.js';
import { claimOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const claimNext = defineTool({
  name: 'claim_next',
  title: 'Claim the next todo',
  description:
    "Lease the next ready todo (by priority) of a queue, or of any of yours or your team's. Returns " +
    '{"empty": true} or the todo with payload, attempt_seq, prior_attempts (newest first; died: a worker ' +
    'vanished), lease_token if require_fence. Then heartbeat; end with complete, fail or release. ' +
    DATA_NOT_INSTRUCTIONS,
  input: z.strictObject({
    queue: queue.optional(),
    claimant,
    require_fence: requireFence,
    lease_seconds: leaseSeconds,
    wait_seconds: intRange(0, MAX_WAIT_SECONDS_ASKED)
      .optional()
      .describe(`Long poll: wait up to this many seconds (at most ${MAX_WAIT_SECONDS}) for a todo instead of answering empty. Default 0.`),
  }),
  output: claimOutput,
  annotations: { destructiveHint: false, openWorldHint: false },
  run: async ({ wait_seconds, ...args }, c) => {
    const claim = () => c.agent.claimNext({ ...args, mcp_session_id: c.sessionId });
    if (!wait_seconds) return claim();
    // The doorbell (one LISTEN per pool) wakes the wait when a todo becomes claimable; see src/doorbell.ts.
    return claimNextWithWait(claim, await c.doorbell(), {
      queue: args.queue ?? null,
      endpoint: c.endpointId,
      holder: c.endpointId,
      maxWaiters: c.maxWaiters,
      claimsPerSecond: c.waiterClaimsPerSecond,
      maxWaitSeconds: c.maxWaitSeconds,
      waitSeconds: wait_seconds,
      signal: c.signal,
    });
  },
});
