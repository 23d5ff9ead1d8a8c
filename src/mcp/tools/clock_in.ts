// MCP tool clock_in: the agent clocks its own endpoint in (presence, ADR-0027: presence gates doorbells, never history).
import { z } from 'zod';
import { presenceOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const clockIn = defineTool({
  name: 'clock_in',
  title: 'Clock in',
  description:
    'Start taking work: doorbells (webhook, claim_next long polls) ring for your endpoint ' +
    'again, now for each queue with work waiting.',
  input: z.strictObject({}),
  output: presenceOutput,
  annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (_args, c) => c.agent.clockIn({}),
});
