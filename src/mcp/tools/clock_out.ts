// MCP tool clock_out: the agent clocks its own endpoint out (presence, ADR-0027: presence gates doorbells, never history).
import { z } from 'zod';
import { presenceOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const clockOut = defineTool({
  name: 'clock_out',
  title: 'Clock out',
  description:
    'Clock your endpoint out when you stop taking work: no doorbell rings for it (no webhook post, no wake of a claim_next long poll, which still ends at its deadline) until it clocks in again. Claims still work as before, and what you hold stays yours. ' +
    'Answers clocked_in and since when (changed: false if it already was).',
  input: z.strictObject({}),
  output: presenceOutput,
  annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (_args, c) => c.agent.clockOut({}),
});
