// MCP tool clock_in: the agent clocks its own endpoint in (presence, ADR-0027: presence gates doorbells, never history).
import { z } from 'zod';
import { presenceOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const clockIn = defineTool({
  name: 'clock_in',
  title: 'Clock in',
  description:
    'Clock your endpoint in when you start taking work: doorbells (webhook, claim_next long polls) ring for it ' +
    'again, now for each queue with work waiting. Answers clocked_in, since when and changed.',
  input: z.strictObject({}),
  output: presenceOutput,
  annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (_args, c) => c.agent.clockIn({}),
});
