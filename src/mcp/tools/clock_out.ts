// MCP tool clock_out: the agent clocks its own endpoint out (presence, ADR-0027: presence gates doorbells, never history).
import { z } from 'zod';
import { presenceOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const clockOut = defineTool({
  name: 'clock_out',
  title: 'Clock out',
  description:
    'Clock your endpoint out when you stop taking work: no doorbell rings for it until clock_in (a long poll ends ' +
    'at its deadline). Claims still work; what you hold stays yours. Answers clocked_in, since when and changed.',
  input: z.strictObject({}),
  output: presenceOutput,
  annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (_args, c) => c.agent.clockOut({}),
});
