// MCP tool claim: take one named todo under a lease.
import { z } from 'zod';
import { claimant, DATA_NOT_INSTRUCTIONS, leaseSeconds, requireFence, todoId } from '../fields.js';
import { claimOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const claim = defineTool({
  name: 'claim',
  title: 'Claim a todo by id',
  description:
    'Lease one named todo (claim_next takes the next ready one). Returns it like claim_next. ' +
    DATA_NOT_INSTRUCTIONS,
  input: z.strictObject({ todo_id: todoId, claimant, require_fence: requireFence, lease_seconds: leaseSeconds }),
  output: claimOutput,
  annotations: { destructiveHint: false, openWorldHint: false },
  run: (args, c) => c.agent.claim({ ...args, mcp_session_id: c.sessionId }),
});
