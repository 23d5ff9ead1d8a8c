// MCP tool clock_in: the agent clocks its own endpoint in (presence, ADR-0027: presence gates doorbells, never history).
import { z } from 'zod';
import { presenceOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const clockIn = defineTool({
  name: 'clock_in',
  title: 'Clock in',
  description:
    'Clock your endpoint in (its owner may also have clocked it out): doorbells ring for it again (its webhook, and claim_next long polls woken when work arrives), and it is rung now for each queue with work waiting. Call it when you start taking work. ' +
    'Answers clocked_in and since when (changed: false if it already was).',
  input: z.strictObject({}),
  output: presenceOutput,
  annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (_args, c) => c.agent.clockIn({}),
});
